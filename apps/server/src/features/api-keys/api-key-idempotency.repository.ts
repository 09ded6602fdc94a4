import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiIdempotency } from "../../db/schema/api-keys.ts";

export type IdempotencyRow = typeof apiIdempotency.$inferSelect;

/** Claims (account, key) for a request; null when a row already holds it (the unique index decides races). */
export async function insertIdempotencyClaim(
  db: Db,
  values: Pick<IdempotencyRow, "accountId" | "idempotencyKey" | "requestHash" | "createdAt">,
): Promise<string | null> {
  const rows = await db
    .insert(apiIdempotency)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: apiIdempotency.id });
  return rows[0]?.id ?? null;
}

export async function findIdempotencyRecord(
  db: Db,
  accountId: string,
  idempotencyKey: string,
): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.accountId, accountId), eq(apiIdempotency.idempotencyKey, idempotencyKey)));
  return row;
}

/**
 * Takes over a claim whose request never completed (its process died) or that expired, as a new claim made
 * `at`; false when another request took it first (the row changed since it was read).
 */
export async function retakeIdempotencyClaim(
  db: Db,
  row: Pick<IdempotencyRow, "id" | "createdAt">,
  requestHash: string,
  at: Date,
): Promise<boolean> {
  const taken = await db
    .update(apiIdempotency)
    .set({ requestHash, createdAt: at, completedAt: null, responseStatus: null, responseBody: null })
    .where(and(eq(apiIdempotency.id, row.id), eq(apiIdempotency.createdAt, row.createdAt)))
    .returning({ id: apiIdempotency.id });
  return taken.length > 0;
}

export async function completeIdempotencyKeyRecord(
  db: Db,
  id: string,
  response: { status: number; body: string; at: Date },
): Promise<void> {
  await db
    .update(apiIdempotency)
    .set({ completedAt: response.at, responseStatus: response.status, responseBody: response.body })
    .where(and(eq(apiIdempotency.id, id), isNull(apiIdempotency.completedAt)));
}

export async function deleteIdempotencyClaim(db: Db, id: string): Promise<void> {
  await db.delete(apiIdempotency).where(and(eq(apiIdempotency.id, id), isNull(apiIdempotency.completedAt)));
}

/** Deletes up to `batch` records made before `before`; returns how many. */
export async function deleteIdempotencyBefore(db: Db, before: Date, batch: number): Promise<number> {
  const ids = db
    .select({ id: apiIdempotency.id })
    .from(apiIdempotency)
    .where(lt(apiIdempotency.createdAt, before))
    .limit(batch);
  const deleted = await db
    .delete(apiIdempotency)
    .where(inArray(apiIdempotency.id, ids))
    .returning({ id: apiIdempotency.id });
  return deleted.length;
}
