import type { AppContext } from "../app-context.ts";

/**
 * The broadcast channel on which a property's public id, or "account:{id}" for all of an account's guides,
 * asks every instance to drop its cached guide pages (decision 059).
 */
export const GUIDE_PURGE_CHANNEL = "guide-purge";

/** The purge message for every guide of one account. */
export const accountPurge = (accountId: string) => `account:${accountId}`;

/** The account of an "account:{id}" purge message, or null for a property's. */
export function purgedAccount(message: string): string | null {
  return message.startsWith("account:") ? message.slice("account:".length) : null;
}

/**
 * Drops every instance's cached pages of some guides at once (this instance before returning, the others
 * through the broadcast): called after every write that changes what those guides show (decision 059).
 * A broadcast failure is logged, not thrown: the change has committed, and the cache's safety-net
 * revalidation (GUIDE_RENDER_CACHE_MS) picks it up.
 */
export async function purgeGuides(ctx: AppContext, propertyIds: Iterable<string>): Promise<void> {
  for (const propertyId of new Set(propertyIds)) {
    try {
      await ctx.broadcast.publish(GUIDE_PURGE_CHANNEL, propertyId);
    } catch (err) {
      ctx.log.error({ err, propertyId }, "guide cache purge not broadcast");
    }
  }
}

/** One guide's purge (a passcode, an unpublish, a delete, a deactivation). */
export function purgeGuideCache(ctx: AppContext, propertyId: string): Promise<void> {
  return purgeGuides(ctx, [propertyId]);
}

/**
 * Drops every instance's cached guide and stay pages of one account: after any host write through the API
 * (app.ts) and after a billing change, which may take every guide of the account offline or back.
 */
export async function purgeAccountGuides(ctx: AppContext, accountId: string): Promise<void> {
  await purgeGuides(ctx, [accountPurge(accountId)]);
  await purgeStayPages(ctx, accountPurge(accountId));
}

/** The channel on which a stay's id (or "account:{id}") asks every instance to drop its cached stay pages. */
export const STAY_PURGE_CHANNEL = "stay-purge";

/**
 * Drops every instance's cached pages of one stay (decision 042): after a change its guest must see on the next
 * request (dates, door code, cancelled, a new link, details released). `account:{id}` drops an account's stays
 * (its reveal settings changed). Logged, not thrown, like the guide's purge.
 */
export async function purgeStayPages(ctx: AppContext, stayIdOrAccount: string): Promise<void> {
  try {
    await ctx.broadcast.publish(STAY_PURGE_CHANNEL, stayIdOrAccount);
  } catch (err) {
    ctx.log.error({ err }, "stay page purge not broadcast");
  }
}
