import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stayFeeds } from "../../db/schema/stay-feeds.ts";

// The stay_feeds table: a property's feeds, one feed by id within an account, the poll's claim of due feeds and
// the sync's lease and status writes.

export type StayFeedRow = typeof stayFeeds.$inferSelect;
export type NewStayFeedRow = typeof stayFeeds.$inferInsert;
export type StayFeedStatusPatch = Partial<
  Pick<
    StayFeedRow,
    | "etag"
    | "lastModified"
    | "bodyHash"
    | "lastPolledAt"
    | "lastSyncedAt"
    | "lastErrorCode"
    | "lastErrorParams"
    | "lastCounts"
    | "nextPollAt"
    | "urlEncrypted"
    | "urlHint"
    | "channel"
    | "updatedAt"
  >
>;

export async function insertStayFeed(db: Db, row: NewStayFeedRow): Promise<StayFeedRow> {
  const [inserted] = await db.insert(stayFeeds).values(row).returning();
  return inserted!;
}

/** The account's feeds whose last read failed, oldest failure first (`limit` of them). */
export function findFailingFeeds(
  db: Db,
  accountId: string,
  limit: number,
  scope?: readonly string[] | null,
): Promise<StayFeedRow[]> {
  return db
    .select()
    .from(stayFeeds)
    .where(
      and(
        eq(stayFeeds.accountId, accountId),
        scope ? inArray(stayFeeds.propertyId, [...scope]) : undefined,
        sql`${stayFeeds.lastErrorCode} is not null`,
      ),
    )
    .orderBy(asc(stayFeeds.createdAt), asc(stayFeeds.id))
    .limit(limit);
}

export function findPropertyFeeds(db: Db, accountId: string, propertyRowId: string): Promise<StayFeedRow[]> {
  return db
    .select()
    .from(stayFeeds)
    .where(and(eq(stayFeeds.accountId, accountId), eq(stayFeeds.propertyId, propertyRowId)))
    .orderBy(asc(stayFeeds.createdAt), asc(stayFeeds.id));
}

export async function countPropertyFeeds(db: Db, propertyRowId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stayFeeds)
    .where(eq(stayFeeds.propertyId, propertyRowId));
  return row?.n ?? 0;
}

export async function findFeed(db: Db, accountId: string | null, id: string): Promise<StayFeedRow | null> {
  const [row] = await db
    .select()
    .from(stayFeeds)
    .where(and(eq(stayFeeds.id, id), accountId === null ? undefined : eq(stayFeeds.accountId, accountId)));
  return row ?? null;
}

export async function updateFeed(db: Db, id: string, patch: StayFeedStatusPatch): Promise<StayFeedRow | null> {
  const [row] = await db.update(stayFeeds).set(patch).where(eq(stayFeeds.id, id)).returning();
  return row ?? null;
}

export async function deleteFeed(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(stayFeeds)
    .where(and(eq(stayFeeds.accountId, accountId), eq(stayFeeds.id, id)))
    .returning({ id: stayFeeds.id });
  return rows.length > 0;
}

/** Takes the feed's sync lease if no one holds it; answers the feed, or null when another sync runs it. */
export async function leaseFeed(db: Db, id: string, now: Date, until: Date): Promise<StayFeedRow | null> {
  const [row] = await db
    .update(stayFeeds)
    .set({ syncLeaseUntil: until })
    .where(and(eq(stayFeeds.id, id), or(isNull(stayFeeds.syncLeaseUntil), lt(stayFeeds.syncLeaseUntil, now))))
    .returning();
  return row ?? null;
}

/** Ends the lease and writes the sync's outcome in one statement. */
export async function releaseFeed(db: Db, id: string, patch: StayFeedStatusPatch): Promise<StayFeedRow | null> {
  const [row] = await db
    .update(stayFeeds)
    .set({ ...patch, syncLeaseUntil: null })
    .where(eq(stayFeeds.id, id))
    .returning();
  return row ?? null;
}

/**
 * Claims up to `limit` due feeds not leased: their next poll moves to `nextPollAt` and each takes the lease,
 * with SKIP LOCKED so instances claiming at once never claim one feed twice.
 */
export async function claimDueFeeds(
  db: Db,
  now: Date,
  nextPollAt: Date,
  leaseUntil: Date,
  limit: number,
): Promise<StayFeedRow[]> {
  const due = db
    .select({ id: stayFeeds.id })
    .from(stayFeeds)
    .where(and(lte(stayFeeds.nextPollAt, now), or(isNull(stayFeeds.syncLeaseUntil), lt(stayFeeds.syncLeaseUntil, now))))
    .orderBy(asc(stayFeeds.nextPollAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(stayFeeds)
    .set({ nextPollAt, syncLeaseUntil: leaseUntil })
    .where(inArray(stayFeeds.id, due))
    .returning();
}

/** The property row of one of the account's calendar feeds, or null (decision 056). */
export async function findFeedPropertyRowId(db: Db, accountId: string, feedId: string): Promise<string | null> {
  const rows = await db
    .select({ propertyId: stayFeeds.propertyId })
    .from(stayFeeds)
    .where(and(eq(stayFeeds.accountId, accountId), eq(stayFeeds.id, feedId)))
    .limit(1);
  return rows[0]?.propertyId ?? null;
}
