import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryRateLimitStore, createRateLimiter, createRedisRateLimitStore, type RateLimitStore } from "./rate-limiter.ts";

function behavesAsFixedWindow(makeStore: () => RateLimitStore, advance: (ms: number) => Promise<void>) {
  it("allows max hits per window, refuses the next with RATE_LIMITED, and opens again after the window", async () => {
    const limiter = createRateLimiter(makeStore());
    const key = `k-${Math.random()}`;
    const rule = { max: 2, windowMs: 300 };
    await limiter.consume("test", key, rule);
    await limiter.consume("test", key, rule);
    await expect(limiter.consume("test", key, rule)).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
    await limiter.consume("test", `${key}-other`, rule); // keys are independent
    await advance(350);
    await expect(limiter.consume("test", key, rule)).resolves.toBeUndefined();
  });
}

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
});
