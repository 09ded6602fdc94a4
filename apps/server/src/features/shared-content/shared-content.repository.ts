import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { properties } from "../../db/schema/properties.ts";

// Read by GET /api/me on every page load: prepared once.
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

/** Serialises first-use creation per account inside a transaction (two tabs, one shared property). */
export async function lockAccountForShared(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`shared-content:${accountId}`}))`);
}

export async function insertSharedProperty(db: Db, values: typeof properties.$inferInsert): Promise<void> {
  await db.insert(properties).values({ ...values, isShared: true, published: false });
}
