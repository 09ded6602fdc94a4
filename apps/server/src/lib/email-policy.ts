import { createRequire } from "node:module";
import { emailDomain, isAcceptableEmail } from "@doorstep/shared/rules/email";

let domains: Set<string> | undefined;
let wildcards: string[] | undefined;

function load() {
  const require = createRequire(import.meta.url);
  domains = new Set(require("disposable-email-domains") as string[]);
  wildcards = require("disposable-email-domains/wildcard.json") as string[];
}

/**
 * The server's email rule for sign-up and email change (AUTH-25, AUTH-46, OPEN-68): valid format, not on the
 * shared compact list, and not a disposable domain from the full `disposable-email-domains` list.
 */
export function isAllowedSignupEmail(email: string): boolean {
  if (!isAcceptableEmail(email)) return false;
  if (!domains) load();
  const domain = emailDomain(email);
  if (domains!.has(domain)) return false;
  return !wildcards!.some((w) => domain === w || domain.endsWith(`.${w}`));
}
