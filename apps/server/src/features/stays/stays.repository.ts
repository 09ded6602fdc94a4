import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { stays } from "../../db/schema/stays.ts";
import { stayPropertiesOf } from "../properties/property-joins.service.ts";

export type StayRow = typeof stays.$inferSelect;
export type NewStayRow = typeof stays.$inferInsert;
export type StayPatch = Partial<Omit<NewStayRow, "id" | "accountId" | "propertyId" | "createdAt">>;
/** A stay with its property's weblink, title and zone, and whether another confirmed stay overlaps it. */
export type StayView = StayRow & {
  propertyWeblink: string;
  propertyTitle: string;
  timeZone: string;
  possibleDoubleBooking: boolean;
};

const other = alias(stays, "other_stay");
/**
 * Another confirmed stay of the same property whose [check-in, check-out) overlaps this one: a read, never
 * stored, so it is right whichever side changed (decision 040). An index range on (property, check-in).
 */
const overlapping = sql<boolean>`(${stays.status} = 'confirmed' and exists (
  select 1 from ${stays} ${other}
  where ${other.propertyId} = ${stays.propertyId} and ${other.id} <> ${stays.id} and ${other.status} = 'confirmed'
    and ${other.checkInAt} < ${stays.checkOutAt} and ${other.checkOutAt} > ${stays.checkInAt}
))`;

/** The stays of live guides (not archived, not shared content) with their property's labels, read as views. */
function selectViews(db: Db) {
  const property = stayPropertiesOf(db);
  return db
    .select({
      stay: stays,
      propertyWeblink: property.propertyId,
      propertyTitle: property.title,
      timeZone: property.timeZone,
      possibleDoubleBooking: overlapping,
    })
    .from(stays)
    .innerJoin(property, eq(property.id, stays.propertyId));
}

type ViewResult = {
  stay: StayRow;
  propertyWeblink: string;
  propertyTitle: string;
  timeZone: string;
  possibleDoubleBooking: boolean;
};
const toView = ({ stay, ...rest }: ViewResult): StayView => ({ ...stay, ...rest });

/** The account's stay by id, on a live guide; null otherwise. */
export async function findStayView(db: Db, accountId: string, id: string): Promise<StayView | null> {
  const rows = await selectViews(db)
    .where(and(eq(stays.accountId, accountId), eq(stays.id, id)))
    .limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

export type StayTabFilter = "upcoming" | "past" | "cancelled";
export interface StayListFilter {
  tab: StayTabFilter;
  now: Date;
  propertyRowId?: string;
  /** Already normalised as `guest_search` is (lower case, no accents), LIKE-escaped. */
  search?: string;
  cursor?: { checkInAt: Date; id: string };
  limit: number;
}

/**
 * A page of the account's stays for a tab: upcoming soonest first, past and cancelled latest first, keyset-paged
 * on (check_in_at, id) along stays_account_check_in_idx.
 */
export async function listStayViews(db: Db, accountId: string, f: StayListFilter): Promise<StayView[]> {
  const ascending = f.tab === "upcoming";
  const conditions: (SQL | undefined)[] = [eq(stays.accountId, accountId)];
  if (f.tab === "cancelled") conditions.push(eq(stays.status, "cancelled"));
  else {
    conditions.push(eq(stays.status, "confirmed"));
    conditions.push(ascending ? gt(stays.checkOutAt, f.now) : lte(stays.checkOutAt, f.now));
  }
  if (f.propertyRowId) conditions.push(eq(stays.propertyId, f.propertyRowId));
  if (f.search) conditions.push(sql`${stays.guestSearch} like ${`%${f.search}%`}`);
  if (f.cursor) {
    const { checkInAt, id } = f.cursor;
    const beyond = ascending ? gt : lt;
    conditions.push(or(beyond(stays.checkInAt, checkInAt), and(eq(stays.checkInAt, checkInAt), beyond(stays.id, id))));
  }
  const order = ascending ? [asc(stays.checkInAt), asc(stays.id)] : [desc(stays.checkInAt), desc(stays.id)];
  const rows = await selectViews(db)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(f.limit);
  return rows.map(toView);
}

/** Every stay of a property (cancelled ones too) overlapping [from, to), by check-in. */
export async function listStayViewsInRange(
  db: Db,
  accountId: string,
  propertyRowId: string,
  from: Date,
  to: Date,
): Promise<StayView[]> {
  const rows = await selectViews(db)
    .where(
      and(
        eq(stays.accountId, accountId),
        eq(stays.propertyId, propertyRowId),
        lt(stays.checkInAt, to),
        gt(stays.checkOutAt, from),
      ),
    )
    .orderBy(asc(stays.checkInAt), asc(stays.id));
  return rows.map(toView);
}

/** The dashboard tile's counts: confirmed stays still ahead, and those arriving and leaving on `today` where each property is. */
export async function countStaySummary(db: Db, accountId: string, now: Date) {
  const property = stayPropertiesOf(db);
  const localToday = sql`(${now.toISOString()}::timestamptz at time zone ${property.timeZone})::date`;
  const [row] = await db
    .select({
      upcoming: sql<number>`count(*) filter (where ${stays.checkOutAt} > ${now})`.mapWith(Number),
      arrivingToday: sql<number>`count(*) filter (where ${stays.checkInDate} = ${localToday})`.mapWith(Number),
      departingToday: sql<number>`count(*) filter (where ${stays.checkOutDate} = ${localToday})`.mapWith(Number),
    })
    .from(stays)
    .innerJoin(property, eq(property.id, stays.propertyId))
    .where(
      and(
        eq(stays.accountId, accountId),
        eq(stays.status, "confirmed"),
        // Today's departures may be behind us; nothing before yesterday's can count.
        gt(stays.checkOutAt, new Date(now.getTime() - 2 * 86_400_000)),
      ),
    );
  return row ?? { upcoming: 0, arrivingToday: 0, departingToday: 0 };
}

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
