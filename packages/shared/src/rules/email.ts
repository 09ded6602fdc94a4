import { z } from "zod";

/**
 * A compact list of disposable, anonymous and suspicious mail domains and suffixes, checked in the
 * browser at login and sign-up (AUTH-05, AUTH-25). The server also checks the full
 * `disposable-email-domains` list at sign-up and email change (OPEN-68); that list is 2.4 MB and
 * never ships to the browser (docs/decisions/002-email-blocklist.md).
 */
export const BLOCKED_EMAIL_DOMAINS: readonly string[] = [
  "mailinator.com",
  "guerrillamail.com",
  "guerrillamail.net",
  "guerrillamailblock.com",
  "sharklasers.com",
  "10minutemail.com",
  "10minutemail.net",
  "tempmail.com",
  "temp-mail.org",
  "temp-mail.io",
  "tempmailo.com",
  "throwawaymail.com",
  "yopmail.com",
  "yopmail.net",
  "yopmail.fr",
  "getnada.com",
  "nada.email",
  "trashmail.com",
  "trashmail.de",
  "dispostable.com",
  "maildrop.cc",
  "mailnesia.com",
  "mintemail.com",
  "fakeinbox.com",
  "spamgourmet.com",
  "mohmal.com",
  "emailondeck.com",
  "tempr.email",
  "discard.email",
  "mailcatch.com",
  "burnermail.io",
  "33mail.com",
  "anonaddy.com",
  "anonaddy.me",
  "spam4.me",
  "grr.la",
  "pokemail.net",
  "mytemp.email",
  "tempinbox.com",
  "harakirimail.com",
  "moakt.com",
  "emailfake.com",
  "fakemail.net",
  "mailpoof.com",
  "inboxkitten.com",
  "dropmail.me",
  "luxusmail.org",
];

/** Suffixes (country and free TLDs) that the original product's list blocked wholesale. */
export const BLOCKED_EMAIL_SUFFIXES: readonly string[] = [
  ".tk",
  ".ml",
  ".ga",
  ".cf",
  ".gq",
  ".ru",
  ".cn",
  ".xyz",
  ".top",
];

const EmailFormat = z.email();

/** Lower-cased, trimmed email: the canonical form stored and compared (AUTH-09). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The domain part of an email, lower-cased, or "" when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : normalizeEmail(email.slice(at + 1));
}

/** True when the email's domain is on the compact list, under a listed domain, or ends with a blocked suffix. */
export function isBlockedEmailDomain(email: string): boolean {
  const domain = emailDomain(email);
  if (!domain) return false;
  if (BLOCKED_EMAIL_SUFFIXES.some((suffix) => domain.endsWith(suffix))) return true;
  return BLOCKED_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** True for a syntactically valid email address. */
export function isValidEmailFormat(email: string): boolean {
  return EmailFormat.safeParse(normalizeEmail(email)).success;
}

/** The client-side email rule for sign-up and login: valid format and not on the compact blocklist. */
export function isAcceptableEmail(email: string): boolean {
  return isValidEmailFormat(email) && !isBlockedEmailDomain(email);
}
