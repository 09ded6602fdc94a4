import type { AppContext } from "../app-context.ts";

/** The broadcast channel on which a property's public id asks every instance to drop its cached guide pages. */
export const GUIDE_PURGE_CHANNEL = "guide-purge";

/**
 * Drops every instance's cached pages of one guide at once (this instance before returning, the others
 * through the broadcast): called after a change that must not be outlived by a cached page (a passcode set,
 * changed or removed, unpublished, deactivated, deleted). A broadcast failure is logged, not thrown: the
 * change has committed, and the other instances' short cache expires by itself.
 */
export async function purgeGuideCache(ctx: AppContext, propertyId: string): Promise<void> {
  try {
    await ctx.broadcast.publish(GUIDE_PURGE_CHANNEL, propertyId);
  } catch (err) {
    ctx.log.error({ err, propertyId }, "guide cache purge not broadcast");
  }
}

/** The channel on which a stay's id (or "account:{id}") asks every instance to drop its cached stay pages. */
export const STAY_PURGE_CHANNEL = "stay-purge";

/**
 * Drops every instance's cached pages of one stay (decision 042): after a change its guest must see on the next
 * request (dates, door code, cancelled, a new link, details released). `account:{id}` drops an account's stays
 * (its reveal settings changed). Logged, not thrown, like the guide's purge: the cache's second ends it anyway.
 */
export async function purgeStayPages(ctx: AppContext, stayIdOrAccount: string): Promise<void> {
  try {
    await ctx.broadcast.publish(STAY_PURGE_CHANNEL, stayIdOrAccount);
  } catch (err) {
    ctx.log.error({ err }, "stay page purge not broadcast");
  }
}
