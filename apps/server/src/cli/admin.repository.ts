import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { adminAuditLog } from "../db/schema/audit.ts";
import { billingAccounts, cancellationRequests } from "../db/schema/billing.ts";
import { properties } from "../db/schema/properties.ts";
import { accounts, users } from "../db/schema/users.ts";

export async function findUserAndAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(users.accountId, accounts.id))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function updateAccount(
  db: Db,
  accountId: string,
  patch: Partial<typeof accounts.$inferInsert>,
): Promise<void> {
  await db
    .update(accounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
}

export async function updateUserFlags(
  db: Db,
  userId: string,
  patch: Partial<Pick<typeof users.$inferInsert, "isMaster" | "isAffiliate">>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function setPriceList(
  db: Db,
  accountId: string,
  gateway: "local" | "stripe",
  priceList: string | null,
): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ accountId, gateway, priceList })
    .onConflictDoUpdate({ target: billingAccounts.accountId, set: { priceList, updatedAt: new Date() } });
}

/** PropertyActiveStatus (PROP-17): support can take one guide offline or back. */
export async function setPropertyActive(
  db: Db,
  propertyId: string,
  active: boolean,
): Promise<{ id: string; accountId: string } | null> {
  const [row] = await db
    .update(properties)
    .set({ active, updatedAt: new Date() })
    .where(eq(properties.propertyId, propertyId))
    .returning({ id: properties.id, accountId: properties.accountId });
  return row ?? null;
}

export async function setCancellationStatus(db: Db, id: string, status: string): Promise<boolean> {
  const rows = await db
    .update(cancellationRequests)
    .set({ status, updatedAt: new Date() })
    .where(eq(cancellationRequests.id, id))
    .returning({ id: cancellationRequests.id });
  return rows.length > 0;
}

export async function insertAudit(db: Db, entry: typeof adminAuditLog.$inferInsert): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export async function listAudit(db: Db, limit = 50) {
  return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
}
