import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { propertyCopies } from "../../db/schema/property-copies.ts";

export type PropertyCopyRow = typeof propertyCopies.$inferSelect;

export async function insertPropertyCopy(db: Db, values: typeof propertyCopies.$inferInsert): Promise<PropertyCopyRow> {
  const [row] = await db.insert(propertyCopies).values(values).returning();
  if (!row) throw new Error("property copy not inserted");
  return row;
}

/** One of the account's copies. */
export async function findPropertyCopy(db: Db, accountId: string, id: string): Promise<PropertyCopyRow | null> {
  const rows = await db
    .select()
    .from(propertyCopies)
    .where(and(eq(propertyCopies.id, id), eq(propertyCopies.accountId, accountId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Progress, which is also the heartbeat that keeps other instances from taking the copy up. */
export async function setCopyProgress(db: Db, id: string, done: number, total: number, at: Date): Promise<void> {
  await db.update(propertyCopies).set({ done, total, claimedAt: at, updatedAt: at }).where(eq(propertyCopies.id, id));
}

export async function setCopyStatus(db: Db, id: string, status: PropertyCopyRow["status"], at: Date): Promise<void> {
  await db.update(propertyCopies).set({ status, claimedAt: at, updatedAt: at }).where(eq(propertyCopies.id, id));
}

/**
 * Claims running copies whose heartbeat stopped before `staleBefore` (their server went away); FOR UPDATE
 * SKIP LOCKED and the new heartbeat let every instance run the job while each copy is taken up once.
 */
export async function claimStaleCopies(db: Db, staleBefore: Date, at: Date, limit: number): Promise<PropertyCopyRow[]> {
  const claimable = db
    .select({ id: propertyCopies.id })
    .from(propertyCopies)
    .where(and(eq(propertyCopies.status, "running"), sql`${propertyCopies.claimedAt} < ${staleBefore.toISOString()}`))
    .orderBy(propertyCopies.claimedAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(propertyCopies)
    .set({ claimedAt: at, updatedAt: at })
    .where(sql`${propertyCopies.id} in ${claimable}`)
    .returning();
}

/** Marks a failed copy as running again, if it is the account's and failed. */
export async function reopenFailedCopy(
  db: Db,
  accountId: string,
  id: string,
  at: Date,
): Promise<PropertyCopyRow | null> {
  const [row] = await db
    .update(propertyCopies)
    .set({ status: "running", done: 0, claimedAt: at, updatedAt: at })
    .where(and(eq(propertyCopies.id, id), eq(propertyCopies.accountId, accountId), eq(propertyCopies.status, "failed")))
    .returning();
  return row ?? null;
}

/** The new property row of one of the account's copies, or null (decision 056). */
export async function findCopyTargetRowId(db: Db, accountId: string, copyId: string): Promise<string | null> {
  const rows = await db
    .select({ targetId: propertyCopies.targetId })
    .from(propertyCopies)
    .where(and(eq(propertyCopies.accountId, accountId), eq(propertyCopies.id, copyId)))
    .limit(1);
  return rows[0]?.targetId ?? null;
}
