import type { AppContext } from "../app-context.ts";

/** OPEN-66: a guest unlock lasts until the passcode changes (token rotation) or 30 days. */
export const GUEST_UNLOCK_DAYS = 30;
/** OPEN-57: preview links are short-lived; the dashboard asks for a new one on every click. */
export const PREVIEW_LINK_MINUTES = 15;

/** One cookie per property, so unlocking one guide never opens another. Weblinks are [a-z0-9-]. */
export const guestCookieName = (propertyId: string) => `dsg_${propertyId}`;

/**
 * Opens a value sealed by ctx.secrets (AES-GCM: authenticated, so a forged or edited value fails) and
 * checks its kind; null for anything that is not ours.
 */
function openSealed(ctx: AppContext, kind: string, value: string | undefined): string[] | null {
  if (!value || value.length > 600) return null;
  try {
    const parts = ctx.secrets.open(value).split("|");
    return parts[0] === kind ? parts.slice(1) : null;
  } catch {
    return null;
  }
}

/**
 * The guest cookie value (IMPL-03): bound to the property and to its current guide session token, so
 * rotating the token on a passcode change or removal signs every guest out (PROP-25).
 */
export function sealGuestUnlock(
  ctx: AppContext,
  propertyId: string,
  sessionToken: string,
): { value: string; maxAgeSeconds: number } {
  const maxAgeSeconds = GUEST_UNLOCK_DAYS * 86_400;
  const expires = ctx.now().getTime() + maxAgeSeconds * 1000;
  return { value: ctx.secrets.seal(["guest", propertyId, sessionToken, String(expires)].join("|")), maxAgeSeconds };
}

/** True when the guest cookie unlocks this property at its current session token. */
export function isGuestUnlocked(
  ctx: AppContext,
  propertyId: string,
  sessionToken: string,
  cookie: string | undefined,
): boolean {
  const parts = openSealed(ctx, "guest", cookie);
  if (!parts) return false;
  const [pid, token, expires] = parts;
  return pid === propertyId && token === sessionToken && Number(expires) > ctx.now().getTime();
}

/** A preview token for the owner's account (OPEN-57); it names the account, so a new owner's token never works. */
export function sealPreviewToken(
  ctx: AppContext,
  propertyId: string,
  accountId: string,
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(ctx.now().getTime() + PREVIEW_LINK_MINUTES * 60_000);
  return {
    token: ctx.secrets.seal(["preview", propertyId, accountId, String(expiresAt.getTime())].join("|")),
    expiresAt,
  };
}

export function isValidPreview(
  ctx: AppContext,
  propertyId: string,
  accountId: string,
  token: string | undefined,
): boolean {
  const parts = openSealed(ctx, "preview", token);
  if (!parts) return false;
  const [pid, account, expires] = parts;
  return pid === propertyId && account === accountId && Number(expires) > ctx.now().getTime();
}
