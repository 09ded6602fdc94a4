import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { properties } from "../../db/schema/properties.ts";

/** How many non-archived properties each of `managerIds` manages, in one query (MGR-13). */
export async function countPropertiesOfManagers(
  db: Db,
  accountId: string,
  managerIds: string[],
): Promise<Map<string, number>> {
  if (managerIds.length === 0) return new Map();
  const rows = await db
    .select({ managerId: properties.managerId, n: count() })
    .from(properties)
    .where(
      and(
        eq(properties.accountId, accountId),
        inArray(properties.managerId, managerIds),
        isNull(properties.archivedAt),
      ),
    )
    .groupBy(properties.managerId);
  return new Map(rows.map((r) => [r.managerId!, Number(r.n)]));
}

/** The first `limit` non-archived properties a manager manages, by title (MGR-13). */
export function findPropertiesOfManager(
  db: Db,
  accountId: string,
  managerId: string,
  limit: number,
): Promise<{ propertyId: string; title: string }[]> {
  return db
    .select({ propertyId: properties.propertyId, title: properties.title })
    .from(properties)
    .where(and(eq(properties.accountId, accountId), eq(properties.managerId, managerId), isNull(properties.archivedAt)))
    .orderBy(asc(sql`lower(${properties.title})`), asc(properties.propertyId))
    .limit(limit);
}

/** Whether any property of the account (archived or not) still points at this manager. */
export async function hasPropertiesOfManager(db: Db, accountId: string, managerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.accountId, accountId), eq(properties.managerId, managerId)))
    .limit(1);
  return rows.length > 0;
}

/** Points every property of the account linked to `fromManagerId` at `toManagerId`. */
export async function updatePropertiesManager(
  db: Db,
  accountId: string,
  fromManagerId: string,
  toManagerId: string,
): Promise<void> {
  // Not touching updated_at: the host did not edit these properties, so their order on the dashboard stays.
  await db
    .update(properties)
    .set({ managerId: toManagerId })
    .where(and(eq(properties.accountId, accountId), eq(properties.managerId, fromManagerId)));
}
