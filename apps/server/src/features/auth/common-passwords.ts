import { PASSWORD_MIN_LENGTH } from "@doorstep/shared/constants";

// OPEN-14: "checked against a common-password list". The browser keeps the shared short list (it is
// shipped to every visitor); the server checks zxcvbn-ts's list of ~49,000 leaked passwords, ordered by
// frequency, of which the ~18,000 long enough to pass the length rule matter here.
let common: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  // Loaded on first use: decompressing the list takes ~70 ms, which need not delay the server's start.
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"].filter((p) => p.length >= PASSWORD_MIN_LENGTH)),
  );
  return common;
}

/** True when the password, ignoring case, is on the common-password list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
