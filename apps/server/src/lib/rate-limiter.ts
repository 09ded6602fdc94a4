import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { RateLimitRule } from "../env.ts";
import { AppError } from "./app-error.ts";

export interface RateLimitStore {
  /** Adds one hit to `key` in the current window; returns the count so far and ms until the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

/** Fixed-window counters in process memory (the embedded default). */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
        if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.resetAt - t };
    },
  };
}

// INCR and the expiry in one script, so no crash or lost connection between them can leave a counter
// without a TTL (a key that never expires would lock its caller out for good).
const HIT_SCRIPT = `
local count = redis.call("INCR", KEYS[1])
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const HIT_SHA = createHash("sha1").update(HIT_SCRIPT).digest("hex");

/**
 * Shared counters in Redis, so every instance sees the same limits (docs/architecture.md §1, scaled mode).
 * A hit names the script by its SHA-1 (EVALSHA), so a guest's report does not send and Redis does not hash
 * the script each time; a Redis that does not know it yet (a restart, SCRIPT FLUSH) is sent it once.
 */
export function createRedisRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const counter = `rl:${key}`;
      const reply = await redis.evalsha(HIT_SHA, 1, counter, windowMs).catch((err: unknown) => {
        if (!(err instanceof Error && err.message.startsWith("NOSCRIPT"))) throw err;
        return redis.eval(HIT_SCRIPT, 1, counter, windowMs);
      });
      const [count, ttl] = reply as [number, number];
      return { count, resetInMs: ttl };
    },
  };
}

/**
 * Redis counters that fall back to this instance's memory while Redis is unreachable (decision 011): limits
 * then hold per instance rather than across them, and the server keeps serving. The client must not queue
 * commands while disconnected (`enableOfflineQueue: false`), so a hit never waits for a reconnect.
 */
export function createRedisRateLimitStoreWithFallback(
  redis: Redis,
  warn: (message: string) => void,
  fallback: RateLimitStore = createMemoryRateLimitStore(),
): RateLimitStore {
  const shared = createRedisRateLimitStore(redis);
  let degraded = false;
  return {
    async hit(key, windowMs) {
      if (redis.status === "ready") {
        try {
          const result = await shared.hit(key, windowMs);
          if (degraded) warn("Redis is back: rate limits are shared across instances again");
          degraded = false;
          return result;
        } catch {
          // Fall through: the connection dropped during the call.
        }
      }
      if (!degraded) warn("Redis is unreachable: rate limits are counted per instance until it is back");
      degraded = true;
      return fallback.hit(key, windowMs);
    },
  };
}

// The wait is said in the catalogue's words, where TOO_MANY_ATTEMPTS's message is.
export { describeWait } from "@doorstep/shared/copy/api-errors";

export interface RateLimiter {
  /** Counts one attempt under `name:key`; throws RATE_LIMITED (429) once the rule's max is passed. */
  consume(name: string, key: string, rule: RateLimitRule): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore): RateLimiter {
  return {
    async consume(name, key, rule) {
      const { count, resetInMs } = await store.hit(`${name}:${key}`, rule.windowMs);
      if (count > rule.max) {
        const retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
        // The error handler turns retryAfterSeconds into the Retry-After header.
        throw new AppError("TOO_MANY_ATTEMPTS", { retryAfterSeconds });
      }
    },
  };
}
