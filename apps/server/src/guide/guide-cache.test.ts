import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { buildApp } from "../app.ts";
import { runAdminCommand } from "../cli/admin.commands.ts";
import { purgeGuideEverywhere } from "../cli/purge-guide.ts";
import { addSameOrigin, createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";
import type { AppConfig } from "../env.ts";
import type { FastifyInstance } from "fastify";
import { compressible } from "../lib/compression.ts";
import { createRenderCache } from "./render-cache.ts";
import type { RenderedGuide } from "./guide-render.tsx";

// A render cache far longer than the real 1 s, so a page that outlives a change is seen, not raced.
const longCache = (config: AppConfig): AppConfig => ({ ...config, guide: { ...config.guide, renderCacheMs: 60_000 } });
const SECRET = "Lockbox code 7314";

async function liveGuide(app: FastifyInstance, user: TestUser) {
  const p = await buildProperty(app, user, { title: "Quay Cottage" });
  const res = await app.inject({
    method: "POST",
    url: `/api/properties/${p.propertyId}/content/items`,
    headers: { cookie: user.cookie },
    payload: { categoryLabel: "arrival", title: "Getting in", detailText: `<p>${SECRET}</p>` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return p.propertyId;
}

const change = (
  app: FastifyInstance,
  user: TestUser,
  method: "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie: user.cookie }, payload });

describe("guide render cache purge (one instance)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ configure: longCache });
  });
  afterAll(() => t.close());
  const page = (propertyId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/g/${propertyId}`, headers });

  it("a new passcode, an unpublish and a delete take effect at once, though public pages are cached", async () => {
    const user = await buildUser(t.ctx);
    const propertyId = await liveGuide(t.app, user);
    const first = await page(propertyId);
    expect(first.body).toContain(SECRET);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    // Served from the cache: the same page again, even in French (another cache entry).
    expect((await page(propertyId, { "accept-language": "fr" })).body).toContain(SECRET);

    expect(
      (await change(t.app, user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" })).statusCode,
    ).toBe(204);
    for (const headers of [{}, { "accept-language": "fr" }] as Record<string, string>[]) {
      const gate = await page(propertyId, headers);
      expect(gate.body).toContain(copy.guide.passcodeTitle);
      expect(gate.body).not.toContain(SECRET);
    }

    await change(t.app, user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: null });
    expect((await page(propertyId)).body).toContain(SECRET);
    await change(t.app, user, "PATCH", `/api/properties/${propertyId}`, { published: false });
    const inactive = await page(propertyId);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.body).not.toContain(SECRET);

    const other = await liveGuide(t.app, user);
    expect((await page(other)).body).toContain(SECRET);
    expect((await change(t.app, user, "DELETE", `/api/properties/${other}`)).statusCode).toBe(204);
    const gone = await page(other);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain(SECRET);
  });

  it("sends pages and JSON of protected guides, locked or unlocked, as private, no-store", async () => {
    const user = await buildUser(t.ctx);
    const propertyId = await liveGuide(t.app, user);
    expect((await t.app.inject({ method: "GET", url: `/api/guide/${propertyId}` })).headers["cache-control"]).toBe(
      "public, no-cache",
    );
    await change(t.app, user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" });
    const unlock = await t.app.inject({
      method: "POST",
      url: `/g/${propertyId}/unlock`,
      headers: { accept: "application/json" },
      payload: { passcode: "246810" },
    });
    const cookie = String(unlock.headers["set-cookie"]).split(";")[0]!;
    const unlocked = await page(propertyId, { cookie });
    expect(unlocked.body).toContain(SECRET);
    expect(unlocked.headers["cache-control"]).toBe("private, no-store");
    for (const headers of [{}, { cookie }]) {
      const json = await t.app.inject({ method: "GET", url: `/api/guide/${propertyId}`, headers });
      expect(json.headers["cache-control"]).toBe("private, no-store");
    }
    expect((await page(propertyId)).headers["cache-control"]).toBe("no-store");
  });
});

// Scaled mode: two instances on one database and one Redis; CI sets TEST_REDIS_URL.
describe.runIf(process.env.TEST_REDIS_URL)("guide render cache purge (two instances, Redis pub/sub)", () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp({ configure: (c) => ({ ...longCache(c), redisUrl: process.env.TEST_REDIS_URL }) });
    b = (await buildApp({ config: a.config, database: a.database, overrides: { now: () => new Date(a.clock.now) } }))
      .app;
    // Writes carry the dashboard's Origin, as from a browser (decision 011).
    addSameOrigin(b, a.config.publicUrl);
    await b.ready();
    await a.ctx.broadcast.ready();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("a passcode set on one instance drops the other instance's cached page", async () => {
    const user = await buildUser(a.ctx);
    const propertyId = await liveGuide(a.app, user);
    expect((await a.app.inject({ method: "GET", url: `/g/${propertyId}` })).body).toContain(SECRET);
    expect(
      (await change(b, user, "PUT", `/api/properties/${propertyId}/passcode`, { passcode: "246810" })).statusCode,
    ).toBe(204);
    // Pub/sub crosses a network hop: allow it a moment, far less than the cache's 60 s.
    await vi.waitFor(
      async () => {
        const body = (await a.app.inject({ method: "GET", url: `/g/${propertyId}` })).body;
        expect(body).toContain(copy.guide.passcodeTitle);
        expect(body).not.toContain(SECRET);
      },
      { timeout: 10_000, interval: 20 },
    );
  });

  it("a deactivation by the operator CLI drops every instance's cached page", async () => {
    const user = await buildUser(a.ctx);
    const propertyId = await liveGuide(a.app, user);
    expect((await a.app.inject({ method: "GET", url: `/g/${propertyId}` })).body).toContain(SECRET);
    // What `npm run admin -- deactivate-property` does: the row, then the purge through Redis.
    await runAdminCommand(a.ctx.db, ["deactivate-property", propertyId], "ops", a.ctx.payments);
    await purgeGuideEverywhere(process.env.TEST_REDIS_URL!, propertyId);
    await vi.waitFor(
      async () => expect((await a.app.inject({ method: "GET", url: `/g/${propertyId}` })).statusCode).toBe(404),
      { timeout: 10_000, interval: 20 },
    );
  });
});

describe("render cache", () => {
  const page: RenderedGuide = {
    status: 200,
    html: "old",
    body: compressible("old"),
    etag: '"e"',
    headers: {},
    fingerprint: "old",
  };
  it("drops a page whose render began before a purge of its guide, keeps others", () => {
    const cache = createRenderCache(60_000);
    const started = cache.begin();
    cache.purge("harbour-loft"); // a passcode set while the old page was rendering
    cache.set("/g/harbour-loft||", "harbour-loft", page, started);
    cache.set("/g/quay-cottage||", "quay-cottage", page, started);
    expect(cache.get("/g/harbour-loft||", 0)).toBeNull();
    expect(cache.get("/g/quay-cottage||", 0)).toBe(page);
    cache.purge("quay-cottage");
    expect(cache.get("/g/quay-cottage||", 0)).toBeNull();
    cache.set("/g/quay-cottage||", "quay-cottage", page, cache.begin());
    expect(cache.get("/g/quay-cottage||", 0)).toBe(page);
  });
});
