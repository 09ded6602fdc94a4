import { and, count, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { apiKeys } from "../../db/schema/api-keys.ts";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Inserts a key unless the account already has `max` active ones; null when it has. The count and the insert
 * run under a lock per account, so two creations at once cannot both pass the limit.
 */
export async function insertApiKeyWithin(
  db: Db,
  values: Pick<ApiKeyRow, "accountId" | "name" | "prefix" | "secretHash" | "createdByUserId" | "createdAt">,
  max: number,
): Promise<ApiKeyRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${values.accountId}`}))`);
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, values.accountId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= max) return null;
    const [row] = await tx.insert(apiKeys).values(values).returning();
    return row!;
  });
}

/** The account's keys, newest first; the limit bounds the list (revoked keys included). */
export function findApiKeysOfAccount(db: Db, accountId: string, limit: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit);
}

/** Marks the key revoked (once: a second revoke keeps the first time). */
export async function markApiKeyRevoked(
  db: Db,
  accountId: string,
  id: string,
  at: Date,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .returning();
  return row;
}

/** The key whose secret hashes to `secretHash`, revoked or not. */
export async function findApiKeyByHash(
  db: Db,
  secretHash: string,
): Promise<Pick<ApiKeyRow, "id" | "accountId" | "revokedAt" | "lastUsedAt"> | undefined> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, secretHash));
  return row;
}

/** Sets last_used_at unless another request did within the interval (instances race; one write wins). */
export async function touchApiKey(db: Db, id: string, at: Date, notSince: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, notSince))));
}
