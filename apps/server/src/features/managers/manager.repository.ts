import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { managers } from "../../db/schema/managers.ts";

export type ManagerRow = typeof managers.$inferSelect;
export type NewManager = Pick<
  typeof managers.$inferInsert,
  "accountId" | "vanityId" | "firstName" | "lastName" | "isDefault"
>;
export type ManagerPatch = Partial<
  Pick<ManagerRow, "firstName" | "lastName" | "email" | "tel" | "messageAppName" | "messageAppLink" | "photoKey">
>;

/** Where a page of managers ends: the sort key of its last row. */
export interface ManagerCursor {
  notDefault: boolean;
  firstName: string;
  lastName: string;
  id: string;
}

/** The sort key of the list: the default first, then by name, the id breaking ties (MGR-02, MGR-13). */
const sortKey = sql`(not ${managers.isDefault}, lower(${managers.firstName}), lower(${managers.lastName}), ${managers.id})`;

/** One page of the account's managers in list order, after `cursor` when given. */
export async function findManagersPage(
  db: Db,
  accountId: string,
  options: { cursor?: ManagerCursor; limit: number },
): Promise<ManagerRow[]> {
  const { cursor } = options;
  const after = cursor
    ? sql`${sortKey} > (${cursor.notDefault}, ${cursor.firstName}, ${cursor.lastName}, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(managers)
    .where(and(eq(managers.accountId, accountId), after))
    .orderBy(
      sql`not ${managers.isDefault}`,
      asc(sql`lower(${managers.firstName})`),
      asc(sql`lower(${managers.lastName})`),
      asc(managers.id),
    )
    .limit(options.limit);
}

/** One of the account's managers by vanity id; another account's manager is simply not found. */
export async function findManagerByVanityId(db: Db, accountId: string, vanityId: string): Promise<ManagerRow | null> {
  const rows = await db
    .select()
    .from(managers)
    .where(and(eq(managers.accountId, accountId), eq(managers.vanityId, vanityId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Every manager's vanity id of the account, by row id. */
export function findManagerVanityIds(db: Db, accountId: string): Promise<{ id: string; vanityId: string }[]> {
  return db
    .select({ id: managers.id, vanityId: managers.vanityId })
    .from(managers)
    .where(eq(managers.accountId, accountId));
}

/** A manager by its row id, whatever the account: the caller already holds a reference to it. */
export async function findManagerById(db: Db, id: string): Promise<ManagerRow | null> {
  const rows = await db.select().from(managers).where(eq(managers.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findDefaultManager(db: Db, accountId: string): Promise<ManagerRow | null> {
  const rows = await db
    .select()
    .from(managers)
    .where(and(eq(managers.accountId, accountId), eq(managers.isDefault, true)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts a manager; null when a unique index refused it (the vanity id is taken, or the account already
 * has a default manager). Callers decide which by looking again.
 */
export async function insertManager(db: Db, values: NewManager): Promise<ManagerRow | null> {
  const rows = await db.insert(managers).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Updates one of the account's managers; false when it no longer exists. */
export async function updateManager(
  db: Db,
  accountId: string,
  managerId: string,
  patch: ManagerPatch,
): Promise<boolean> {
  const rows = await db
    .update(managers)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(managers.accountId, accountId), eq(managers.id, managerId)))
    .returning({ id: managers.id });
  return rows.length > 0;
}

/** Locks one of the account's non-default managers until the transaction ends; false when there is none. */
export async function lockDeletableManager(db: Db, accountId: string, managerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: managers.id })
    .from(managers)
    .where(and(eq(managers.accountId, accountId), eq(managers.id, managerId), eq(managers.isDefault, false)))
    .for("update");
  return rows.length > 0;
}

export async function deleteManagerRow(db: Db, accountId: string, managerId: string): Promise<void> {
  await db.delete(managers).where(and(eq(managers.accountId, accountId), eq(managers.id, managerId)));
}
