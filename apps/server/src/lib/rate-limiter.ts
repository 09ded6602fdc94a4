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

/** Shared counters in Redis, so every instance sees the same limits (ARCHITECTURE §1, scaled mode). */
export function createRedisRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const k = `rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        return { count, resetInMs: windowMs };
      }
      return { count, resetInMs: ttl };
    },
  };
}

export interface RateLimiter {
  /** Counts one attempt under `name:key`; throws RATE_LIMITED (429) once the rule's max is passed. */
  consume(name: string, key: string, rule: RateLimitRule): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore): RateLimiter {
  return {
    async consume(name, key, rule) {
      const { count, resetInMs } = await store.hit(`${name}:${key}`, rule.windowMs);
      if (count > rule.max) {
        const error = new AppError("RATE_LIMITED", `Too many attempts. Try again in ${Math.ceil(resetInMs / 1000)} seconds.`);
        throw Object.assign(error, { retryAfterSeconds: Math.ceil(resetInMs / 1000) });
      }
    },
  };
}
