import type { CreateStayFeedRequest, UpdateStayFeedRequest } from "@doorstep/shared/schemas/stay-feeds";
import { STAY_FEEDS_PER_PROPERTY_MAX } from "@doorstep/shared/schemas/stay-feeds";
import type { AppContext } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { getStayProperty } from "../properties/property-stays.service.ts";
import {
  countPropertyFeeds,
  deleteFeed,
  findFailingFeeds,
  findFeed,
  findPropertyFeeds,
  insertStayFeed,
  updateFeed,
  type StayFeedRow,
  findFeedPropertyRowId,
} from "./stay-feeds.repository.ts";

// A property's calendar feeds (decision 041): added, listed, changed and removed by the account's users. The
// link is a secret (anyone holding it reads the calendar): sealed at rest, shown shortened except when editing.

export interface StayFeed {
  id: string;
  /** The property's weblink. */
  propertyId: string;
  channel: string;
  urlHint: string;
  lastPolledAt: Date | null;
  lastSyncedAt: Date | null;
  lastError: { code: string; params: Record<string, number> | null } | null;
  lastCounts: Record<string, number> | null;
  createdAt: Date;
}

export function stayFeedOf(row: StayFeedRow, propertyWeblink: string): StayFeed {
  return {
    id: row.id,
    propertyId: propertyWeblink,
    channel: row.channel,
    urlHint: row.urlHint,
    lastPolledAt: row.lastPolledAt,
    lastSyncedAt: row.lastSyncedAt,
    lastError: row.lastErrorCode ? { code: row.lastErrorCode, params: row.lastErrorParams ?? null } : null,
    lastCounts: row.lastCounts ?? null,
    createdAt: row.createdAt,
  };
}

/** The link shortened for lists: its host and the path's first characters, never the token that follows. */
export function urlHint(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname.length > 12 ? `${parsed.pathname.slice(0, 12)}…` : parsed.pathname;
  return `${parsed.host}${path}`;
}

async function requireProperty(ctx: AppContext, accountId: string, by: { propertyId: string } | { id: string }) {
  const property = await getStayProperty(ctx, accountId, by);
  if (!property) throw notFound("property");
  return property;
}

/** A feed whose last read failed, with its property's web link id and title (the home's Today panel). */
export interface FailingStayFeed {
  feedId: string;
  propertyId: string;
  propertyTitle: string;
  channel: string;
}

/**
 * The account's calendar feeds whose last read failed, on live properties (an archived property's feeds are
 * not polled), at most `limit`: what the home's Today panel lists, each a link to its property's stays.
 */
export async function listFailingStayFeeds(
  ctx: AppContext,
  accountId: string,
  limit: number,
  scope?: readonly string[] | null,
): Promise<FailingStayFeed[]> {
  const rows = await findFailingFeeds(ctx.db, accountId, limit, scope);
  const properties = new Map<string, Awaited<ReturnType<typeof getStayProperty>>>();
  for (const id of new Set(rows.map((r) => r.propertyId)))
    properties.set(id, await getStayProperty(ctx, accountId, { id }));
  return rows.flatMap((row) => {
    const property = properties.get(row.propertyId);
    return property
      ? [{ feedId: row.id, propertyId: property.propertyId, propertyTitle: property.title, channel: row.channel }]
      : [];
  });
}

export async function listStayFeeds(ctx: AppContext, accountId: string, propertyId: string): Promise<StayFeed[]> {
  const property = await requireProperty(ctx, accountId, { propertyId });
  return (await findPropertyFeeds(ctx.db, accountId, property.id)).map((row) => stayFeedOf(row, propertyId));
}

/** Adds a feed, due for its first poll at once. */
export async function addStayFeed(
  ctx: AppContext,
  accountId: string,
  propertyId: string,
  input: CreateStayFeedRequest,
): Promise<StayFeed> {
  const property = await requireProperty(ctx, accountId, { propertyId });
  if ((await countPropertyFeeds(ctx.db, property.id)) >= STAY_FEEDS_PER_PROPERTY_MAX) {
    throw new AppError("STAY_FEED_LIMIT", { max: STAY_FEEDS_PER_PROPERTY_MAX });
  }
  const now = ctx.now();
  const row = await insertStayFeed(ctx.db, {
    accountId,
    propertyId: property.id,
    urlEncrypted: ctx.secrets.seal(input.url),
    urlHint: urlHint(input.url),
    channel: input.channel,
    nextPollAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return stayFeedOf(row, propertyId);
}

/** The account's feed on one of its live guides, or 404, with its property's weblink. */
export async function requireStayFeed(ctx: AppContext, accountId: string, feedId: string) {
  const row = await findFeed(ctx.db, accountId, feedId);
  const property = row ? await getStayProperty(ctx, accountId, { id: row.propertyId }) : null;
  if (!row || !property) throw notFound("stay-feed");
  return { row, property };
}

/** One feed with its whole link, for the edit form. */
export async function getStayFeed(ctx: AppContext, accountId: string, feedId: string) {
  const { row, property } = await requireStayFeed(ctx, accountId, feedId);
  return { feed: stayFeedOf(row, property.propertyId), url: ctx.secrets.open(row.urlEncrypted) };
}

/** A new link forgets the old one's validators and is polled at once. */
export async function updateStayFeed(
  ctx: AppContext,
  accountId: string,
  feedId: string,
  input: UpdateStayFeedRequest,
): Promise<StayFeed> {
  const { row, property } = await requireStayFeed(ctx, accountId, feedId);
  const now = ctx.now();
  const newUrl = input.url !== undefined && input.url !== ctx.secrets.open(row.urlEncrypted);
  const updated = await updateFeed(ctx.db, row.id, {
    ...(input.channel !== undefined && { channel: input.channel }),
    ...(newUrl && {
      urlEncrypted: ctx.secrets.seal(input.url!),
      urlHint: urlHint(input.url!),
      etag: null,
      lastModified: null,
      bodyHash: null,
      nextPollAt: now,
    }),
    updatedAt: now,
  });
  return stayFeedOf(updated ?? row, property.propertyId);
}

/** Removes a feed; the stays it made are kept, no longer synced (decision 041). */
export async function removeStayFeed(ctx: AppContext, accountId: string, feedId: string): Promise<void> {
  await requireStayFeed(ctx, accountId, feedId);
  await deleteFeed(ctx.db, accountId, feedId);
}

/** The property row of a calendar feed of the account, or null: the permission hook's property scope (decision 056). */
export function feedPropertyRowId(ctx: AppContext, accountId: string, feedId: string): Promise<string | null> {
  return findFeedPropertyRowId(ctx.db, accountId, feedId);
}
