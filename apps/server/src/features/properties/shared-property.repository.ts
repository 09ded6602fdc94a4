import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { properties } from "../../db/schema/properties.ts";

// Read by GET /api/me on every page load (through the shared-content feature): prepared once.
const sharedProperty = preparedFor((db) =>
  db
    .select({ id: properties.id, propertyId: properties.propertyId })
    .from(properties)
    .where(
      and(
        eq(properties.accountId, sql.placeholder("accountId")),
        eq(properties.isShared, true),
        isNull(properties.archivedAt),
      ),
    )
    .orderBy(asc(properties.createdAt))
    .limit(1)
    .prepare("shared_property"),
);

/** The account's shared-content property (SHARED-01), or null. */
export async function findSharedProperty(
  db: Db,
  accountId: string,
): Promise<{ id: string; propertyId: string } | null> {
  const rows = await sharedProperty(db).execute({ accountId });
  return rows[0] ?? null;
}

export async function insertSharedProperty(
  db: Db,
  values: Pick<typeof properties.$inferInsert, "accountId" | "propertyId" | "title" | "guideSessionToken">,
): Promise<void> {
  await db.insert(properties).values({ ...values, isShared: true, published: false });
}
