import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStore,
  describeWait,
  type RateLimitStore,
} from "./rate-limiter.ts";

function behavesAsFixedWindow(makeStore: () => RateLimitStore, advance: (ms: number) => Promise<void>) {
  it("allows max hits per window, refuses the next with RATE_LIMITED, and opens again after the window", async () => {
    const limiter = createRateLimiter(makeStore());
    const key = `k-${Math.random()}`;
    const rule = { max: 2, windowMs: 300 };
    await limiter.consume("test", key, rule);
    await limiter.consume("test", key, rule);
    await expect(limiter.consume("test", key, rule)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      status: 429,
      retryAfterSeconds: 1,
    });
    await limiter.consume("test", `${key}-other`, rule); // keys are independent
    await advance(350);
    await expect(limiter.consume("test", key, rule)).resolves.toBeUndefined();
  });
}

describe("describeWait", () => {
  it("says seconds under a minute and whole minutes after, in the right number", () => {
    expect([1, 2, 59, 60, 61, 900].map(describeWait)).toEqual([
      "1 second",
      "2 seconds",
      "59 seconds",
      "1 minute",
      "2 minutes",
      "15 minutes",
    ]);
  });
});

describe("memory rate-limit store", () => {
  let now = 0;
  behavesAsFixedWindow(
    () => createMemoryRateLimitStore(() => now),
    async (ms) => void (now += ms),
  );
});

// Scaled mode shares counters through Redis; CI sets TEST_REDIS_URL (a Redis runs on every CI machine).
describe.runIf(process.env.TEST_REDIS_URL)("redis rate-limit store", () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", { lazyConnect: true });
  afterAll(() => redis.quit());
  behavesAsFixedWindow(
    () => createRedisRateLimitStore(redis),
    (ms) => new Promise((r) => setTimeout(r, ms)),
  );

  it("gives every counter an expiry, even one left without it (the old INCR-then-PEXPIRE crash window)", async () => {
    const store = createRedisRateLimitStore(redis);
    const key = `ttl-${Math.random()}`;
    await redis.set(`rl:${key}`, "7"); // a counter stranded with no TTL
    const hit = await store.hit(key, 5_000);
    expect(hit).toEqual({ count: 8, resetInMs: 5_000 });
    const ttl = await redis.pttl(`rl:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    const fresh = await store.hit(`${key}-new`, 5_000);
    expect(fresh.count).toBe(1);
    expect(await redis.pttl(`rl:${key}-new`)).toBeGreaterThan(0);
  });

  it("names its script by SHA-1, and sends it again to a Redis that no longer knows it", async () => {
    const store = createRedisRateLimitStore(redis);
    const key = `sha-${Math.random()}`;
    const evalshaCalls = async () => {
      const line = (await redis.info("commandstats")).split("\n").find((l) => l.startsWith("cmdstat_evalsha:"));
      return Number(/calls=(\d+)/.exec(line ?? "")?.[1] ?? 0);
    };
    const before = await evalshaCalls();
    await store.hit(key, 5_000);
    await store.hit(key, 5_000);
    expect((await evalshaCalls()) - before).toBeGreaterThanOrEqual(2);

    // As after a Redis restart: without the fallback, the next hit would fail with NOSCRIPT.
    await redis.script("FLUSH");
    expect(await store.hit(key, 5_000)).toMatchObject({ count: 3 });
    expect(await store.hit(key, 5_000)).toMatchObject({ count: 4 });
  });
});
