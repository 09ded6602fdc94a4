import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stays } from "../../db/schema/stays.ts";
import type { NewStayRow, StayPatch, StayRow } from "./stays.repository.ts";

// The stays' writes: new stays, changes, a source's stays by their ids, a feed's cancellations, instants in a new
// zone, and the retention's erasure.

export async function insertStays(db: Db, rows: NewStayRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(stays).values(rows).returning({ id: stays.id });
  return inserted.map((r) => r.id);
}

/** Updates the account's stay; answers whether there was one. */
export async function updateStayRow(db: Db, accountId: string, id: string, patch: StayPatch): Promise<boolean> {
  const rows = await db
    .update(stays)
    .set(patch)
    .where(and(eq(stays.accountId, accountId), eq(stays.id, id)))
    .returning({ id: stays.id });
  return rows.length > 0;
}

/** A property's stays from one source (or one feed) with these source ids. */
export function findStaysBySource(
  db: Db,
  propertyRowId: string,
  match: { feedId: string } | { source: StayRow["source"] },
  sourceIds: string[],
): Promise<StayRow[]> {
  if (sourceIds.length === 0) return Promise.resolve([]);
  const scope =
    "feedId" in match
      ? eq(stays.feedId, match.feedId)
      : and(eq(stays.propertyId, propertyRowId), eq(stays.source, match.source), isNull(stays.feedId));
  return db
    .select()
    .from(stays)
    .where(and(scope, inArray(stays.sourceId, sourceIds)));
}

/** A property's stays' wall times, for recomputing their instants in a new zone. */
export function findPropertyStayTimes(db: Db, propertyRowId: string) {
  return db
    .select({
      id: stays.id,
      checkInDate: stays.checkInDate,
      checkInTime: stays.checkInTime,
      checkOutDate: stays.checkOutDate,
      checkOutTime: stays.checkOutTime,
    })
    .from(stays)
    .where(eq(stays.propertyId, propertyRowId));
}

/** Sets stays' instants, many in one statement. */
export async function setStayInstants(
  db: Db,
  rows: { id: string; checkInAt: Date; checkOutAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  // Array literals of uuids and ISO instants (nothing to quote in either), one parameter each on both drivers.
  const literal = (values: string[]) => `{${values.join(",")}}`;
  const ids = literal(rows.map((r) => r.id));
  const ins = literal(rows.map((r) => r.checkInAt.toISOString()));
  const outs = literal(rows.map((r) => r.checkOutAt.toISOString()));
  await db.execute(sql`
    update ${stays} set check_in_at = v.check_in_at, check_out_at = v.check_out_at
    from unnest(${ids}::uuid[], ${ins}::timestamptz[], ${outs}::timestamptz[]) as v(id, check_in_at, check_out_at)
    where ${stays.id} = v.id`);
}

/**
 * Erases the contact details of up to `limit` stays that checked out before `before`, claimed with SKIP LOCKED
 * so instances running the job at once erase each stay once; answers how many.
 */
export async function eraseStayContacts(db: Db, before: Date, at: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    update ${stays} set guest_first_name = '', guest_last_name = '', guest_search = '', guest_email = null,
      guest_phone = null, door_code_encrypted = null, notes = null, contact_erased_at = ${at.toISOString()}::timestamptz
    where id in (
      select id from ${stays}
      where contact_erased_at is null and check_out_at < ${before.toISOString()}::timestamptz
      order by check_out_at
      limit ${limit}
      for update skip locked
    )
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** What a feed's sync compares: its stays with these source ids, and its confirmed ones not yet checked out. */
export async function findFeedStays(db: Db, feedId: string, sourceIds: string[], today: string): Promise<StayRow[]> {
  const found = new Map<string, StayRow>();
  const add = (rows: StayRow[]) => rows.forEach((row) => found.set(row.id, row));
  for (let i = 0; i < sourceIds.length; i += 1000) {
    add(
      await db
        .select()
        .from(stays)
        .where(and(eq(stays.feedId, feedId), inArray(stays.sourceId, sourceIds.slice(i, i + 1000)))),
    );
  }
  add(
    await db
      .select()
      .from(stays)
      .where(and(eq(stays.feedId, feedId), eq(stays.status, "confirmed"), sql`${stays.checkOutDate} >= ${today}`)),
  );
  return [...found.values()];
}

/** Cancels these stays of a feed (those it no longer lists). */
export async function cancelFeedStays(db: Db, feedId: string, ids: string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(stays)
    .set({ status: "cancelled", cancelledAt: at, updatedAt: at })
    .where(and(eq(stays.feedId, feedId), inArray(stays.id, ids), eq(stays.status, "confirmed")))
    .returning({ id: stays.id });
  return rows.length;
}
