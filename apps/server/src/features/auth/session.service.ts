import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from "@doorstep/shared/constants";
import type { AppContext, Caller, RequestMeta } from "../../app-context.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import {
  deleteDeadSessions,
  deleteSpentOneTimeTokens,
  findSessionByHash,
  insertSession,
  revokeSession,
  touchSession,
} from "./auth.repository.ts";

const DAY = 86_400_000;
// Writing last_seen_at on every request would make every read a write; a minute's precision is plenty.
const TOUCH_INTERVAL_MS = 60_000;

/** Starts a session for a user; returns the raw token, which is never stored (docs/architecture.md §5). */
export async function createSession(ctx: AppContext, userId: string, meta: RequestMeta): Promise<string> {
  const token = newToken();
  const now = ctx.now();
  await insertSession(ctx.db, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_DAYS * DAY),
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip,
  });
  return token;
}

/** The caller behind a session token, or null when it is unknown, revoked, idle for 7 days or past 30 days. */
export async function resolveSession(ctx: AppContext, token: string): Promise<Caller | null> {
  const session = await findSessionByHash(ctx.db, hashToken(token));
  if (!session || session.revokedAt) return null;
  const now = ctx.now();
  if (session.expiresAt <= now) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_DAYS * DAY) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await touchSession(ctx.db, session.id, now);
  return { userId: session.userId, accountId: session.accountId, sessionId: session.id };
}

/**
 * Replaces the caller's session with a new one after its email changed: the old token is revoked at once,
 * so a token copied before the change cannot ride on it (decision 011).
 */
export async function rotateSession(ctx: AppContext, caller: Caller, meta: RequestMeta): Promise<string> {
  await revokeSession(ctx.db, caller.sessionId, ctx.now());
  return createSession(ctx, caller.userId, meta);
}

/** Ends one session (logout). */
export function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  return revokeSession(ctx.db, sessionId, ctx.now());
}

/**
 * Housekeeping job: removes sessions that can never be valid again and one-time links that expired
 * more than a day ago (a used or expired link reads the same expired copy, so nothing is lost).
 */
export async function purgeDeadAuthRecords(
  ctx: AppContext,
  batch = 1_000,
): Promise<{ sessions: number; tokens: number }> {
  const now = ctx.now();
  const idleBefore = new Date(now.getTime() - SESSION_IDLE_DAYS * DAY);
  const tokensBefore = new Date(now.getTime() - DAY);
  const drain = async (deleteBatch: () => Promise<number>) => {
    let total = 0;
    for (let n = batch; n === batch;) {
      n = await deleteBatch();
      total += n;
    }
    return total;
  };
  return {
    sessions: await drain(() => deleteDeadSessions(ctx.db, now, idleBefore, batch)),
    tokens: await drain(() => deleteSpentOneTimeTokens(ctx.db, tokensBefore, batch)),
  };
}
