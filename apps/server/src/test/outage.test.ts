import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/client.ts";
import { drizzleOnPglite } from "../db/pglite-prepared.ts";
import * as schema from "../db/schema/index.ts";
import { forgetCachedSessions } from "../features/auth/session.service.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { buildUser, TEST_PASSWORD, type TestUser } from "./factories.ts";

/**
 * Outages (decision 011). With the database unreachable every route answers 503 UNAVAILABLE with Retry-After
 * or serves what needs no database — never 500. With Redis unreachable the server keeps serving, its rate
 * limits count per instance, and /api/ready says Redis is down.
 */
describe("the database unreachable", () => {
  let t: TestApp;
  let user: TestUser;
  let realDb: Db;
  const refusedPool = new pg.Pool({ host: "127.0.0.1", port: 1, connectionTimeoutMillis: 2_000 });
  let closedPglite: PGlite;

  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.ctx);
    realDb = t.ctx.db;
    closedPglite = await PGlite.create();
    await closedPglite.close();
  });
  afterAll(async () => {
    (t.ctx as { db: Db }).db = realDb;
    vi.restoreAllMocks();
    await refusedPool.end();
    await t.close();
  });

  const routes = () => t.routes.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS");
  const outages: [string, () => Db][] = [
    ["PostgreSQL refusing connections", () => drizzlePg(refusedPool) as unknown as Db],
    ["PGlite closed", () => drizzleOnPglite(closedPglite, { schema, casing: "snake_case" }) as unknown as Db],
  ];

  for (const [what, makeDb] of outages) {
    it(`answers 503 UNAVAILABLE with Retry-After on every route that needs it, and never 500 (${what})`, async () => {
      (t.ctx as { db: Db }).db = makeDb();
      // Sessions are answered from memory for a few seconds (decision 013): start from a cold lookup, so
      // every private route meets the outage at its first read.
      forgetCachedSessions(t.ctx);
      const ping = vi.spyOn(t.database, "ping").mockRejectedValue(new Error("connect ECONNREFUSED 127.0.0.1:1"));
      try {
        let unavailable = 0;
        for (const route of routes()) {
          const url = route.url.replace(/:(\w+)/g, "some-id").replace("*", "some-file");
          const res = await t.app.inject({
            method: route.method as "POST",
            url,
            headers: { cookie: user.cookie },
            ...(["GET", "DELETE"].includes(route.method) ? {} : { payload: {} }),
          });
          const key = `${route.method} ${route.url}`;
          expect(res.statusCode, `${key} → ${res.body.slice(0, 200)}`).not.toBe(500);
          if (res.statusCode === 503 && res.json().error.code === "UNAVAILABLE") {
            expect(res.headers["retry-after"], key).toBe("5");
            unavailable++;
          }
        }
        // Every private route resolves the session first, so each of them is 503.
        expect(unavailable).toBeGreaterThanOrEqual(routes().filter((r) => !r.public).length);
        const ready = await t.app.inject("/api/ready");
        expect(ready.statusCode).toBe(503);
        expect(ready.json().error.message).toBe("Database unreachable");
        expect(ready.headers["retry-after"]).toBe("5");
        // What needs no database still works.
        expect((await t.app.inject("/api/health")).statusCode).toBe(200);
        expect((await t.app.inject("/api/config")).statusCode).toBe(200);
      } finally {
        ping.mockRestore();
        (t.ctx as { db: Db }).db = realDb;
      }
      expect((await t.app.inject({ url: "/api/me", headers: { cookie: user.cookie } })).statusCode).toBe(200);
    }, 120_000);
  }
});

describe("Redis unreachable", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    // Nothing listens on port 1: the client never connects and keeps retrying in the background.
    t = await createTestApp({ config: { redisUrl: "redis://127.0.0.1:1" } });
    user = await buildUser(t.ctx);
  });
  afterAll(async () => t.close());

  it("keeps serving, limits per instance with a warning, and says so on /api/ready", async () => {
    const warn = vi.spyOn(t.app.log, "warn");
    const login = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password } });
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    expect(warn).toHaveBeenCalledWith("Redis is unreachable: rate limits are counted per instance until it is back");
    const max = t.config.rateLimits.login.max;
    const statuses: number[] = [];
    for (let i = 0; i < max + 1; i++) statuses.push((await login("wrong-password-1")).statusCode);
    expect(statuses.at(-1)).toBe(429);

    const ready = await t.app.inject("/api/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "ok", redis: "down" });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("Redis reachable", () => {
  it("says so on /api/ready", async () => {
    const t = await createTestApp({ config: { redisUrl: process.env.TEST_REDIS_URL } });
    try {
      await vi.waitFor(async () => expect((await t.app.inject("/api/ready")).json().redis).toBe("ok"), {
        timeout: 5_000,
      });
    } finally {
      await t.close();
    }
  });
});
