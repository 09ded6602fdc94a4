import { createHash } from "node:crypto";
import { copy } from "@doorstep/shared/copy";
import type { AppContext } from "../../app-context.ts";
import { getStayProperty } from "../properties/property-stays.service.ts";
import { syncFeedStays } from "../stays/stay-feed-writes.service.ts";
import { fetchFeed } from "./feed-fetch.ts";
import { planFeedSync } from "./feed-sync-plan.ts";
import { parseFeed } from "./ics-parse.ts";
import {
  claimDueFeeds,
  leaseFeed,
  releaseFeed,
  type StayFeedRow,
  type StayFeedStatusPatch,
} from "./stay-feeds.repository.ts";
import { requireStayFeed, stayFeedOf, type StayFeed } from "./stay-feeds.service.ts";

// One sync of a feed: fetch (conditional), parse in the property's zone, plan, write the stays in one
// transaction, store the outcome. A failed fetch or a damaged file stores its code and changes no stay.

/** Longer than a fetch's 10 s and the writes: a lease outlives its sync only when an instance died mid-sync. */
const LEASE_MS = 5 * 60_000;
/** Feeds synced at once by one poll run, and claimed per batch. */
export const POLL_CONCURRENCY = 8;
const CLAIM_BATCH = 64;

/** How often each feed is read: STAY_FEED_POLL_MINUTES, 15 by default. */
export const stayFeedPollMinutes = (ctx: AppContext): number => ctx.config.stayFeeds?.pollMinutes ?? 15;
const pollMs = (ctx: AppContext) => stayFeedPollMinutes(ctx) * 60_000;
const allowPrivate = (ctx: AppContext) => ctx.config.stayFeeds?.allowPrivate ?? false;

/** Syncs a feed already leased to this caller; always ends the lease. */
async function syncLeased(
  ctx: AppContext,
  feed: StayFeedRow,
  extra: StayFeedStatusPatch = {},
): Promise<StayFeedRow | null> {
  let outcome: StayFeedStatusPatch;
  try {
    outcome = await syncOnce(ctx, feed);
  } catch (error) {
    // A database error mid-write: the transaction rolled back; the next poll tries again.
    ctx.log.error({ err: error, feedId: feed.id }, "calendar feed sync failed");
    outcome = { lastPolledAt: ctx.now() };
  }
  return releaseFeed(ctx.db, feed.id, { ...outcome, ...extra, updatedAt: ctx.now() });
}

async function syncOnce(ctx: AppContext, feed: StayFeedRow): Promise<StayFeedStatusPatch> {
  const property = await getStayProperty(ctx, feed.accountId, { id: feed.propertyId });
  const polled = { lastPolledAt: ctx.now() };
  if (!property) return polled;
  const fetched = await fetchFeed(ctx.secrets.open(feed.urlEncrypted), {
    allowPrivate: allowPrivate(ctx),
    ...(feed.etag && { etag: feed.etag }),
    ...(feed.lastModified && { lastModified: feed.lastModified }),
  });
  if (fetched.kind === "failed") {
    return { ...polled, lastErrorCode: fetched.code, lastErrorParams: fetched.params ?? null };
  }
  // A channel that sends no validators: the same body (for the same zone and default times) is a 304.
  const bodyHash = createHash("sha256")
    .update(`${property.timeZone}\n${property.defaultCheckInTime}\n${property.defaultCheckOutTime}\n`)
    .update(fetched.kind === "ok" ? fetched.body : "")
    .digest("hex");
  const validators = {
    etag: fetched.kind === "ok" ? (fetched.etag ?? null) : feed.etag,
    lastModified: fetched.kind === "ok" ? (fetched.lastModified ?? null) : feed.lastModified,
  };
  if (fetched.kind === "not-modified" || (bodyHash === feed.bodyHash && !feed.lastErrorCode))
    return { ...polled, ...validators, lastSyncedAt: ctx.now(), lastErrorCode: null, lastErrorParams: null };
  const parsed = parseFeed(fetched.body, {
    timeZone: property.timeZone,
    defaultCheckIn: property.defaultCheckInTime,
    defaultCheckOut: property.defaultCheckOutTime,
  });
  if (!parsed.ok) return { ...polled, lastErrorCode: parsed.code, lastErrorParams: null };
  const written = await syncFeedStays(
    ctx,
    {
      accountId: feed.accountId,
      propertyRowId: feed.propertyId,
      feedId: feed.id,
      channel: feed.channel,
      sourceIds: parsed.reservations.map((r) => r.uid),
    },
    (stays, today) => {
      const plan = planFeedSync(stays, parsed.reservations, today);
      const create = plan.create.map((r) => {
        const notes = copy.stayFeeds.feedNotes(r);
        return { ...r, ...(notes && { notes }) };
      });
      return { ...plan, create };
    },
  );
  if (!written) return polled;
  const { counts } = parsed;
  return {
    ...polled,
    lastSyncedAt: ctx.now(),
    lastErrorCode: null,
    lastErrorParams: null,
    ...validators,
    bodyHash,
    lastCounts: {
      reservations: parsed.reservations.length,
      blocked: counts.blocked,
      recurring: counts.recurring,
      invalid: counts.invalid,
      cancelledInFeed: counts.cancelled,
      cancelledStays: written.cancelled,
      created: written.created,
      updated: written.updated,
    },
  };
}

/**
 * "Sync now": the account's feed synced at once, its next poll a full period away. When a poll is syncing it
 * already, that sync's outcome is the answer's, and the feed is not fetched twice.
 */
export async function syncStayFeedNow(ctx: AppContext, accountId: string, feedId: string): Promise<StayFeed> {
  const { row, property } = await requireStayFeed(ctx, accountId, feedId);
  const now = ctx.now();
  const leased = await leaseFeed(ctx.db, row.id, now, new Date(now.getTime() + LEASE_MS));
  if (!leased) return stayFeedOf(row, property.propertyId);
  const synced = await syncLeased(ctx, leased, { nextPollAt: new Date(now.getTime() + pollMs(ctx)) });
  return stayFeedOf(synced ?? row, property.propertyId);
}

/**
 * The poll (a recurring job): claims the feeds that are due, POLL_CONCURRENCY at a time, until none is left.
 * Each claim moves the feed's next poll a period on and leases it, so instances polling at once, or a "Sync
 * now", never sync one feed twice. Answers how many were synced.
 */
export async function pollDueFeeds(ctx: AppContext): Promise<number> {
  let synced = 0;
  for (;;) {
    const now = ctx.now();
    const batch = await claimDueFeeds(
      ctx.db,
      now,
      new Date(now.getTime() + pollMs(ctx)),
      new Date(now.getTime() + LEASE_MS),
      CLAIM_BATCH,
    );
    if (batch.length === 0) return synced;
    let next = 0;
    const worker = async () => {
      while (next < batch.length) await syncLeased(ctx, batch[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(POLL_CONCURRENCY, batch.length) }, worker));
    synced += batch.length;
  }
}
