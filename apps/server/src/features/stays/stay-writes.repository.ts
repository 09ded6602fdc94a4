import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
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

/** Cancels a feed's confirmed stays not yet begun (check-in on or after `today`) that are not among `kept`. */
export async function cancelFeedStaysExcept(
  db: Db,
  feedId: string,
  kept: string[],
  today: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(stays)
    .set({ status: "cancelled", cancelledAt: at, updatedAt: at })
    .where(
      and(
        eq(stays.feedId, feedId),
        eq(stays.status, "confirmed"),
        sql`${stays.checkInDate} >= ${today}`,
        kept.length > 0 ? notInArray(stays.sourceId, kept) : undefined,
      ),
    )
    .returning({ id: stays.id });
  return rows.map((r) => r.id);
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
