import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants.ts";

/** Passwords refused outright (OPEN-14: "checked against a common-password list"). */
const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password12",
  "password123",
  "password1234",
  "passw0rd",
  "p@ssw0rd",
  "p@ssword",
  "12345678",
  "123456789",
  "1234567890",
  "0123456789",
  "87654321",
  "11111111",
  "00000000",
  "12341234",
  "qwertyui",
  "qwertyuiop",
  "qwerty123",
  "qwerty12",
  "1q2w3e4r",
  "1q2w3e4r5t",
  "1qaz2wsx",
  "zaq12wsx",
  "iloveyou",
  "iloveyou1",
  "sunshine",
  "sunshine1",
  "princess",
  "football",
  "football1",
  "baseball",
  "welcome1",
  "welcome123",
  "abcd1234",
  "abc12345",
  "abcdefgh",
  "letmein1",
  "letmein123",
  "trustno1",
  "superman",
  "starwars",
  "whatever",
  "dragon123",
  "monkey123",
  "master123",
  "login123",
  "admin123",
  "changeme",
  "changeme1",
  "computer",
  "internet",
  "michelle",
  "jennifer",
  "charlie1",
  "shadow123",
  "asdfghjk",
  "asdfasdf",
  "zxcvbnm1",
  "aaaaaaaa",
  "airbnb123",
  "doorstep",
  "doorstep1",
  "guestguide",
]);

export type PasswordProblem = "too-short" | "too-long" | "common";

/** Checks the password policy (OPEN-14): 8–128 characters, not a common password. Null when fine. */
export function checkPassword(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "too-short";
  if (password.length > PASSWORD_MAX_LENGTH) return "too-long";
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return "common";
  return null;
}
