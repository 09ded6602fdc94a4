// What the properties feature lets other features join to in SQL, where a read must stay one statement:
// fragments and subqueries over its table, built here so only this feature names it (decision 036).
import { and, eq, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
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
