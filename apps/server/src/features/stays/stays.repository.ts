import { and, asc, desc, eq, getTableColumns, gt, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
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
  /** A member's property scope (decision 056). */
  scope?: readonly string[] | null;
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
  if (f.propertyRowId) conditions.push(eq(stays.propertyId, f.propertyRowId));
  if (f.scope) conditions.push(inArray(stays.propertyId, [...f.scope]));
  if (f.tab === "cancelled") conditions.push(eq(stays.status, "cancelled"));
  else {
    conditions.push(eq(stays.status, "confirmed"));
    conditions.push(ascending ? gt(stays.checkOutAt, f.now) : lte(stays.checkOutAt, f.now));
  }
  if (f.tab === "upcoming") {
    // Upcoming stays are those still ahead and those in progress; the walk along the check-in index starts at
    // the earliest check-in among them (read from stays_account_upcoming_idx alone), not at the account's first
    // stay ever: the past stays before it are never read.
    const upcoming = alias(stays, "upcoming_stay");
    // OFFSET 0 keeps the planner from turning min() into a walk of the check-in index.
    conditions.push(
      sql`${stays.checkInAt} >= (select min(ahead.check_in_at) from (select ${upcoming.checkInAt} as check_in_at
        from ${stays} ${upcoming}
        where ${upcoming.accountId} = ${accountId} and ${upcoming.status} = 'confirmed'
          and ${upcoming.checkOutAt} > ${f.now.toISOString()}::timestamptz
          ${f.propertyRowId ? sql`and ${upcoming.propertyId} = ${f.propertyRowId}` : sql``} offset 0) ahead)`,
    );
  }
  // A stay that has checked out checked in before now: the backward walk starts there, past the stays ahead.
  if (f.tab === "past") conditions.push(lt(stays.checkInAt, f.now));
  if (f.search) conditions.push(sql`${stays.guestSearch} like ${`%${f.search}%`}`);
  if (f.cursor) {
    const { checkInAt, id } = f.cursor;
    const beyond = ascending ? gt : lt;
    conditions.push(or(beyond(stays.checkInAt, checkInAt), and(eq(stays.checkInAt, checkInAt), beyond(stays.id, id))));
  }
  return pageWithOverlaps(db, and(...conditions)!, ascending, f.limit);
}

/**
 * One page of stays, then the double-booking EXISTS for that page's rows alone: outside the LIMIT, it runs for
 * fifty rows whatever plan the page gets (PGlite keeps no statistics, and a plan that sorts would otherwise
 * evaluate it for every row before sorting). One statement still.
 */
const pageColumn = (name: string) => sql.raw(`"page"."${name}"`);

async function pageWithOverlaps(db: Db, where: SQL, ascending: boolean, limit: number): Promise<StayView[]> {
  const property = stayPropertiesOf(db);
  const columns = getTableColumns(stays);
  const page = db
    .select({
      ...columns,
      propertyWeblink: sql<string>`${property.propertyId}`.as("property_weblink"),
      propertyTitle: sql<string>`${property.title}`.as("property_title"),
      timeZone: sql<string>`${property.timeZone}`.as("property_time_zone"),
    })
    .from(stays)
    .innerJoin(property, eq(property.id, stays.propertyId))
    .where(where)
    .orderBy(...(ascending ? [asc(stays.checkInAt), asc(stays.id)] : [desc(stays.checkInAt), desc(stays.id)]))
    .limit(limit)
    .as("page");
  const rows = await db
    .select({
      ...page._.selectedFields,
      // The page's columns named through its alias: drizzle writes a subquery's fields unqualified, and inside
      // the EXISTS an unqualified "id" would be the other stay's own (never a double booking).
      possibleDoubleBooking: sql<boolean>`(${pageColumn("status")} = 'confirmed' and exists (
        select 1 from ${stays} ${other}
        where ${other.propertyId} = ${pageColumn("property_id")} and ${other.id} <> ${pageColumn("id")}
          and ${other.status} = 'confirmed'
          and ${other.checkInAt} < ${pageColumn("check_out_at")} and ${other.checkOutAt} > ${pageColumn("check_in_at")}
      ))`,
    })
    .from(page)
    .orderBy(...(ascending ? [asc(page.checkInAt), asc(page.id)] : [desc(page.checkInAt), desc(page.id)]));
  return rows as StayView[];
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
export async function countStaySummary(db: Db, accountId: string, now: Date, scope?: readonly string[] | null) {
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
        scope ? inArray(stays.propertyId, [...scope]) : undefined,
        eq(stays.status, "confirmed"),
        // Today's departures may be behind us; nothing before yesterday's can count.
        gt(stays.checkOutAt, new Date(now.getTime() - 2 * 86_400_000)),
      ),
    );
  return row ?? { upcoming: 0, arrivingToday: 0, departingToday: 0 };
}

/**
 * Confirmed stays that arrive or leave on the property's own today or tomorrow (`now` read on each property's
 * clock), by check-in: the home's Today panel. The instant bounds keep it an index range.
 */
export async function listStaysAroundToday(
  db: Db,
  accountId: string,
  now: Date,
  limit: number,
  scope?: readonly string[] | null,
): Promise<StayView[]> {
  const property = stayPropertiesOf(db);
  const localToday = sql`(${now.toISOString()}::timestamptz at time zone ${property.timeZone})::date`;
  const days = sql`(${localToday}, ${localToday} + 1)`;
  const rows = await db
    .select({
      stay: stays,
      propertyWeblink: property.propertyId,
      propertyTitle: property.title,
      timeZone: property.timeZone,
      possibleDoubleBooking: overlapping,
    })
    .from(stays)
    .innerJoin(property, eq(property.id, stays.propertyId))
    .where(
      and(
        eq(stays.accountId, accountId),
        scope ? inArray(stays.propertyId, [...scope]) : undefined,
        eq(stays.status, "confirmed"),
        gt(stays.checkOutAt, new Date(now.getTime() - 2 * 86_400_000)),
        lt(stays.checkInAt, new Date(now.getTime() + 3 * 86_400_000)),
        sql`(${stays.checkInDate} in ${days} or ${stays.checkOutDate} in ${days})`,
      ),
    )
    .orderBy(asc(stays.checkInAt), asc(stays.id))
    .limit(limit);
  return rows.map(toView);
}

/** Stays' guest names and days as a subquery another feature joins on `id` (the inbox's stay label). */
export const stayLabelsSubquery = (db: Db) =>
  db
    .select({
      id: stays.id,
      guestFirstName: stays.guestFirstName,
      guestLastName: stays.guestLastName,
      checkInDate: stays.checkInDate,
      checkOutDate: stays.checkOutDate,
    })
    .from(stays)
    .as("stay_labels");
/** The property row of one of the account's stays, or null (the permission hook's property scope, decision 056). */
export async function findStayPropertyRowId(db: Db, accountId: string, stayId: string): Promise<string | null> {
  const rows = await db
    .select({ propertyId: stays.propertyId })
    .from(stays)
    .where(and(eq(stays.accountId, accountId), eq(stays.id, stayId)))
    .limit(1);
  return rows[0]?.propertyId ?? null;
}
