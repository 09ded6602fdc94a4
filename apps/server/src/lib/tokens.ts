import { createHash, randomBytes } from "node:crypto";

/** A random 256-bit token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The digest stored in place of a token (AUTH-48). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A short random code for referral links: lowercase letters and digits, no look-alikes. */
export function newReferralCode(length = 8): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}
