// What the properties feature lets other features join to in SQL, where a read must stay one statement:
// fragments and subqueries over its table, built here so only this feature names it (decision 036).
import { and, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { properties } from "../../db/schema/properties.ts";

/** True where `propertyRowId` (a column of the caller's query) is a live shared-content property. */
export const liveSharedPropertyCondition = (propertyRowId: AnyColumn): SQL =>
  sql`exists (select 1 from ${properties} where ${properties.id} = ${propertyRowId} and ${properties.isShared} and ${properties.archivedAt} is null)`;

/** The account's live guides (not archived, not the shared-content property) as a subquery to join on `id`. */
export const liveGuidesSubquery = (db: Db, accountId: string) =>
  db
    .select({ id: properties.id, title: properties.title, themeLabel: properties.themeLabel })
    .from(properties)
    .where(and(eq(properties.accountId, accountId), eq(properties.isShared, false), isNull(properties.archivedAt)))
    .as("live_guides");

/**
 * Every property's weblink, title and whether it takes guest messages, as a subquery to join on `id`; the
 * caller's own condition scopes it (PostgreSQL inlines it, so the plan is a join on the primary key).
 */
export const propertyLabelsSubquery = (db: Db) =>
  db
    .select({
      id: properties.id,
      propertyId: properties.propertyId,
      title: properties.title,
      inboundMessagingActive: properties.inboundMessagingActive,
    })
    .from(properties)
    .as("property_labels");

/**
 * The properties stays may belong to (live guides: not archived, not the shared-content one), with what a stay
 * shows of its property, as a subquery to join on `id` (the stays list reads it in its one statement).
 */
export const stayPropertiesSubquery = (db: Db) =>
  db
    .select({
      id: properties.id,
      propertyId: properties.propertyId,
      title: properties.title,
      timeZone: properties.timeZone,
    })
    .from(properties)
    .where(and(eq(properties.isShared, false), isNull(properties.archivedAt)))
    .as("stay_properties");

const stayPropertyColumns = {
  id: properties.id,
  propertyId: properties.propertyId,
  title: properties.title,
  timeZone: properties.timeZone,
  defaultCheckInTime: properties.defaultCheckInTime,
  defaultCheckOutTime: properties.defaultCheckOutTime,
  defaultLanguage: properties.defaultLanguage,
  languageTranslations: properties.languageTranslations,
};

/** One of the account's live guides by weblink (or row id), with what a stay takes from it; null when none. */
export async function findStayProperty(db: Db, accountId: string, by: { propertyId: string } | { id: string }) {
  const [row] = await db
    .select(stayPropertyColumns)
    .from(properties)
    .where(
      and(
        eq(properties.accountId, accountId),
        eq(properties.isShared, false),
        isNull(properties.archivedAt),
        "id" in by ? eq(properties.id, by.id) : eq(properties.propertyId, by.propertyId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Up to `limit` properties whose zone came from the account but which have a pin now (decision 040). */
export function findPinnedWithoutPinZone(db: Db, limit: number) {
  return db
    .select({ id: properties.id, accountId: properties.accountId, lat: properties.lat, lng: properties.lng })
    .from(properties)
    .where(
      and(
        eq(properties.timeZoneSource, "account"),
        isNotNull(properties.lat),
        isNotNull(properties.lng),
        isNull(properties.archivedAt),
      ),
    )
    .limit(limit);
}

/** Sets a property's zone from its pin, unless the host chose one meanwhile; answers whether it changed. */
export async function setPinZone(db: Db, id: string, timeZone: string | null): Promise<{ changed: boolean }> {
  const [before] = await db
    .select({ timeZone: properties.timeZone })
    .from(properties)
    .where(eq(properties.id, id))
    .for("update");
  const rows = await db
    .update(properties)
    // A pin the lookup cannot place keeps the account's zone, and is not looked up again.
    .set(timeZone ? { timeZone, timeZoneSource: "pin" } : { timeZoneSource: "pin" })
    .where(and(eq(properties.id, id), eq(properties.timeZoneSource, "account")))
    .returning({ id: properties.id });
  return { changed: rows.length > 0 && timeZone !== null && before?.timeZone !== timeZone };
}
