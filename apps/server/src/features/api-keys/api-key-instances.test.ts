import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig } from "../../env.ts";
import { buildApp } from "../../app.ts";
import { openPostgres, type Database } from "../../db/client.ts";
import { bearer, createKeyFor, registerKeyProbe, type KeyProbe } from "../../test/api-key-probe.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser } from "../../test/factories.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const limited = (config: AppConfig): AppConfig => ({
  ...config,
  redisUrl,
  rateLimits: { ...config.rateLimits, apiKey: { max: 4, windowMs: 60_000 } },
});

/**
 * Scaled mode (docs/architecture.md §1): two instances on one PostgreSQL and one Redis. A key's rate limit is
 * counted across them, and a write repeated with one Idempotency-Key on both runs once.
 */
describe.runIf(process.env.TEST_DATABASE_URL && redisUrl)("API keys on two instances", () => {
  let a: TestApp;
  let probeA: KeyProbe;
  let b: { app: FastifyInstance; database: Database; probe: KeyProbe };
  beforeAll(async () => {
    a = await createTestApp({ configure: limited, routes: (app, ctx) => void (probeA = registerKeyProbe(app, ctx)) });
    const name = (await a.ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name.rows[0]!.name}`;
    const database = openPostgres(url.toString(), { onConnectionError: () => {} });
    const built = await buildApp({ config: a.config, database, overrides: { now: () => new Date(a.clock.now) } });
    const probe = registerKeyProbe(built.app, built.ctx);
    await built.app.ready();
    b = { app: built.app, database, probe };
  });
  afterAll(async () => {
    await b.app.close();
    await b.database.close();
    await a.close();
  });

  it("counts a key's requests across instances in Redis", async () => {
    const owner = await buildUser(a.ctx);
    const { propertyId } = await buildProperty(a.app, owner);
    const { key } = await createKeyFor(a.app, owner);
    const call = (app: FastifyInstance) =>
      app.inject({ url: `/api/test/key-probe/properties/${propertyId}`, headers: bearer(key) });
    for (const app of [a.app, b.app, a.app, b.app]) expect((await call(app)).statusCode).toBe(200);
    expect((await call(a.app)).statusCode).toBe(429);
    expect((await call(b.app)).statusCode).toBe(429);
  });

  it("runs a write once when the same Idempotency-Key reaches both instances at once", async () => {
    const owner = await buildUser(a.ctx);
    const { key } = await createKeyFor(a.app, owner);
    const post = (app: FastifyInstance) =>
      app.inject({
        method: "POST",
        url: "/api/test/key-probe/notes",
        headers: bearer(key, { "idempotency-key": "booking-4711" }),
        payload: { text: "hello" },
      });
    let entered!: () => void;
    let release!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    probeA.hold = () => {
      entered();
      return released;
    };
    const runs = probeA.runs + b.probe.runs;
    const first = post(a.app);
    await inHandler;
    expect((await post(b.app)).statusCode).toBe(409);
    probeA.hold = null;
    release();
    const answered = await first;
    expect(answered.statusCode).toBe(201);
    const replay = await post(b.app);
    expect(replay.body).toBe(answered.body);
    expect(probeA.runs + b.probe.runs).toBe(runs + 1);
  });
});
