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
import { roleOfUser } from "../users/user.service.ts";

const DAY = 86_400_000;
// Writing last_seen_at on every request would make every read a write; a minute's precision is plenty.
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How long this instance answers a session from memory before reading it again (decision 013). Revocations
 * made here (logout, rotation, a new password) clear the memory at once; one made by another instance (scaled
 * mode) takes effect here within this bound. Without it every dashboard read paid a query for the session.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  caller: Caller;
  /** When it was read (ctx.now(), so the test clock moves it), its last_seen_at and expiry, in ms. */
  readAt: number;
  lastSeenAt: number;
  expiresAt: number;
}
/**
 * Per app instance; `generation` moves on each forget, so a read that raced a revocation is not kept.
 * `reading` holds the reads under way by token digest: the requests a signed-in user has in flight when their
 * entry grows old (a dashboard loads several at once) wait for one read, not one each.
 */
const sessionCaches = new WeakMap<
  AppContext,
  { entries: Map<string, CachedSession>; reading: Map<string, Promise<Caller | null>>; generation: number }
>();

function sessionCache(ctx: AppContext) {
  let cache = sessionCaches.get(ctx);
  if (!cache) sessionCaches.set(ctx, (cache = { entries: new Map(), reading: new Map(), generation: 0 }));
  return cache;
}

/** Forgets every session this instance holds in memory: call it whenever a session is revoked. */
export function forgetCachedSessions(ctx: AppContext): void {
  const cache = sessionCache(ctx);
  cache.entries.clear();
  // A read that began before the revocation is not joined by a request after it.
  cache.reading.clear();
  cache.generation++;
}

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
  const tokenHash = hashToken(token);
  const now = ctx.now();
  const nowMs = now.getTime();
  const cache = sessionCache(ctx);
  const generation = cache.generation;
  const hit = cache.entries.get(tokenHash);
  // From memory only while young, unexpired and not due a touch (so idle expiry still counts from the database).
  if (
    hit &&
    nowMs - hit.readAt < SESSION_CACHE_MS &&
    nowMs < hit.expiresAt &&
    nowMs - hit.lastSeenAt <= TOUCH_INTERVAL_MS
  )
    return hit.caller;
  if (hit) cache.entries.delete(tokenHash);

  let reading = cache.reading.get(tokenHash);
  if (!reading) {
    const read = readSession(ctx, tokenHash, now, cache, generation);
    cache.reading.set(tokenHash, (reading = read));
    const done = () => {
      if (cache.reading.get(tokenHash) === read) cache.reading.delete(tokenHash);
    };
    read.then(done, done);
  }
  return reading;
}

/**
 * The session read, behind an object rather than called as an import, so a test can count the reads
 * (`vi.spyOn`; the server's tests share one module graph per worker, where mocking a module does not reach a
 * module already loaded).
 */
export const sessionReads = { findSessionByHash };

/** Reads a session from the database (touching it when due) and keeps it in memory. */
async function readSession(
  ctx: AppContext,
  tokenHash: string,
  now: Date,
  cache: ReturnType<typeof sessionCache>,
  generation: number,
): Promise<Caller | null> {
  const nowMs = now.getTime();
  const session = await sessionReads.findSessionByHash(ctx.db, tokenHash);
  if (!session || session.revokedAt) return null;
  if (session.expiresAt <= now) return null;
  if (nowMs - session.lastSeenAt.getTime() > SESSION_IDLE_DAYS * DAY) return null;
  let lastSeenAt = session.lastSeenAt.getTime();
  if (nowMs - lastSeenAt > TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, session.id, now);
    lastSeenAt = nowMs;
  }
  const { access } = session;
  const caller: Caller = {
    userId: session.userId,
    accountId: session.accountId,
    sessionId: session.id,
    role: roleOfUser(access),
    propertyScope: access.propertyScope,
  };
  if (cache.generation !== generation) return caller; // revoked meanwhile? the next request reads again
  if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.clear();
  cache.entries.set(tokenHash, { caller, readAt: nowMs, lastSeenAt, expiresAt: session.expiresAt.getTime() });
  return caller;
}

/**
 * Replaces the caller's session with a new one after its email changed: the old token is revoked at once,
 * so a token copied before the change cannot ride on it (decision 011).
 */
export async function rotateSession(ctx: AppContext, caller: Caller, meta: RequestMeta): Promise<string> {
  await revokeSession(ctx.db, caller.sessionId, ctx.now());
  forgetCachedSessions(ctx);
  return createSession(ctx, caller.userId, meta);
}

/** Ends one session (logout). */
export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.now());
  forgetCachedSessions(ctx);
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
