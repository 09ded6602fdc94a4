import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { loginAttempts, oneTimeTokens, sessions } from "../../db/schema/auth.ts";
import { userAccessSql, type UserAccessJson as UserAccess } from "../users/user.service.ts";

export type SessionRow = typeof sessions.$inferSelect;
export type OneTimeTokenPurpose = (typeof oneTimeTokens.$inferInsert)["purpose"];

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

// Prepared (db/prepared.ts): it is read again every few seconds for each signed-in user (session.service.ts),
// and planning it, with its user's access, cost PGlite ~7 ms on the server's thread each time (issue 39).
const sessionByHash = preparedFor((db) =>
  db
    .select({ session: sessions, access: userAccessSql(sessions.userId) })
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("session_by_hash"),
);

/** A session by token digest with its user's account id, in one query (it runs on every request). */
export async function findSessionByHash(
  db: Db,
  tokenHash: string,
): Promise<(SessionRow & { accountId: string; access: UserAccess }) | null> {
  const rows = await sessionByHash(db).execute({ tokenHash });
  const row = rows[0];
  // A deleted account's sessions sign nobody in (IMPL-33).
  if (!row?.access || row.access.deleted) return null;
  return { ...row.session, accountId: row.access.accountId, access: row.access };
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, id));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: string, at: Date, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(...conditions));
}

export async function insertOneTimeToken(db: Db, values: typeof oneTimeTokens.$inferInsert): Promise<void> {
  await db.insert(oneTimeTokens).values(values);
}

/**
 * Marks every unused token of those purposes as used: the newest reset link invalidates older ones (OPEN-16),
 * and a new password cancels every outstanding login and reset link.
 */
export async function consumeUserTokens(
  db: Db,
  userId: string,
  purposes: OneTimeTokenPurpose[],
  at: Date,
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(
      and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt)),
    );
}

/**
 * Atomically consumes a live single-use token: only one caller can win the UPDATE … WHERE used_at IS NULL.
 * Returns the token's user id, or null when it is unknown, used, expired or of another purpose.
 */
export async function consumeOneTimeToken(
  db: Db,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
  at: Date,
): Promise<string | null> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, at),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return rows[0]?.userId ?? null;
}

export async function insertLoginAttempt(db: Db, values: typeof loginAttempts.$inferInsert): Promise<void> {
  await db.insert(loginAttempts).values(values);
}

/** Failed logins on `email` since `since`: how many from any address, and when `ip` last failed. */
export async function countLoginFailures(
  db: Db,
  email: string,
  ip: string,
  since: Date,
): Promise<{ failures: number; lastFromAddress: Date | null }> {
  const [row] = await db
    .select({
      failures: sql<number>`count(*)::int`,
      // Epoch milliseconds: the drivers agree on a number, not on how a bare aggregate's timestamp comes back.
      lastFromAddress: sql<
        number | string | null
      >`(extract(epoch from max(${loginAttempts.createdAt}) filter (where ${loginAttempts.ip} = ${ip})) * 1000)::float8`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  const last = row?.lastFromAddress;
  return {
    failures: Number(row?.failures ?? 0),
    lastFromAddress: last === null || last === undefined ? null : new Date(Number(last)),
  };
}

export async function findLoginAttempts(db: Db, email: string, limit = 20) {
  return db
    .select()
    .from(loginAttempts)
    .where(eq(loginAttempts.email, email))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(limit);
}

/**
 * Deletes up to `batch` sessions that can never be valid again: revoked, past their absolute expiry, or
 * idle since `idleBefore`. Batched so a large backlog never holds long locks. Returns how many went.
 */
export async function deleteDeadSessions(db: Db, now: Date, idleBefore: Date, batch: number): Promise<number> {
  const dead = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
    .limit(batch);
  const deleted = await db.delete(sessions).where(inArray(sessions.id, dead)).returning({ id: sessions.id });
  return deleted.length;
}

/** Deletes up to `batch` one-time tokens that expired before `before` (used ones included). */
export async function deleteSpentOneTimeTokens(db: Db, before: Date, batch: number): Promise<number> {
  const spent = db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, before))
    .limit(batch);
  const deleted = await db
    .delete(oneTimeTokens)
    .where(inArray(oneTimeTokens.id, spent))
    .returning({ id: oneTimeTokens.id });
  return deleted.length;
}

/** When each user last used a session (the team page's "Last active"). */
export async function findLastSeenOfUsers(db: Db, userIds: string[]): Promise<{ userId: string; at: Date }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: sessions.userId, at: sql<Date>`max(${sessions.lastSeenAt})`.mapWith((v) => new Date(v)) })
    .from(sessions)
    .where(inArray(sessions.userId, userIds))
    .groupBy(sessions.userId);
}
