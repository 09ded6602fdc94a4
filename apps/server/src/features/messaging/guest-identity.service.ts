import { randomBytes } from "node:crypto";
import type { AppContext } from "../../app-context.ts";

/** The guest's conversation identity (IMPL-06): one per browser, sealed so it cannot be forged or guessed. */
export const GUEST_ID_COOKIE = "dsm";
export const GUEST_ID_MAX_AGE_SECONDS = 365 * 86_400;

/** The EndUserId in a sealed cookie value, or null for anything that is not ours. */
export function openGuestId(ctx: AppContext, cookie: string | undefined): string | null {
  if (!cookie || cookie.length > 400) return null;
  try {
    const [kind, id] = ctx.secrets.open(cookie).split("|");
    return kind === "end-user" && id && /^[a-f0-9]{32}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** A new EndUserId and its sealed cookie value. */
export function newGuestId(ctx: AppContext): { id: string; cookie: string } {
  const id = randomBytes(16).toString("hex");
  return { id, cookie: ctx.secrets.seal(`end-user|${id}`) };
}
