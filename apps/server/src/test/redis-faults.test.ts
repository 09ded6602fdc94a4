import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "./app.ts";
import { buildUser, TEST_PASSWORD, type TestUser } from "./factories.ts";
import { startFaultProxy, type FaultProxy } from "./fault-proxy.ts";

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * The network between the app and Redis failing (decision 011): Redis carries rate limits and live events
 * only, so they degrade — limits per instance, /api/ready saying Redis is down — and nothing is lost or
 * refused. A stall (2.5 s here, kept short for the suite) must not hold requests: a command that gets no
 * answer gives up (`commandTimeout`) and the limit is counted in memory.
 */
describe.runIf(redisUrl)("Redis behind a failing network", () => {
  let proxy: FaultProxy;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${proxy.port}` } });
    user = await buildUser(t.ctx);
  });
  afterAll(async () => {
    proxy.resume();
    await t.close();
    await proxy.close();
  });

  const redisOnReady = async () => (await t.app.inject("/api/ready")).json().redis as string;
  const login = () =>
    t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: TEST_PASSWORD } });
  /** A rate-limited request (login) and a write, with how long they took. */
  const traffic = async (n: number) => {
    const started = performance.now();
    const signIn = await login();
    const loginMs = performance.now() - started;
    const write = await t.as(user, "POST", "/api/properties", { title: "Redis fault", propertyId: `redis-fault-${n}` });
    return {
      login: signIn.statusCode,
      write: write.statusCode,
      loginMs,
      writeMs: performance.now() - started - loginMs,
    };
  };

  it("keeps serving through a reset and a stall, degrades the limits, and is shared again after", async () => {
    const uncaught: unknown[] = [];
    const collect = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", collect);
    process.on("unhandledRejection", collect);
    try {
      await vi.waitFor(async () => expect(await redisOnReady()).toBe("ok"), { timeout: 5_000 });
      expect(await traffic(0)).toMatchObject({ login: 200, write: 201 });

      proxy.reset();
      expect(await traffic(1)).toMatchObject({ login: 200, write: 201 });

      proxy.stall();
      const during = await traffic(2);
      expect(during).toMatchObject({ login: 200, write: 201 });
      // A login counts several limits, each of which may wait out the command timeout once.
      expect(during.loginMs, "a stalled Redis does not hold the login").toBeLessThan(2_000);
      expect(during.writeMs, "nor the write").toBeLessThan(2_000);
      const ready = performance.now();
      expect(await redisOnReady()).toBe("down");
      expect(performance.now() - ready).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 2_500 - (performance.now() - ready)));

      proxy.resume();
      const healed = performance.now();
      await vi.waitFor(async () => expect(await redisOnReady()).toBe("ok"), { timeout: 2_000, interval: 50 });
      expect(performance.now() - healed).toBeLessThan(2_000);
      expect(await traffic(3)).toMatchObject({ login: 200, write: 201 });

      const kept = await t.as(user, "GET", "/api/properties");
      const ids = JSON.stringify(kept.json());
      for (let n = 0; n <= 3; n++) expect(ids).toContain(`redis-fault-${n}`);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", collect);
      process.off("unhandledRejection", collect);
    }
  }, 30_000);
});
