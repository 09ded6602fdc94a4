import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { AppConfig } from "../env.ts";
import { addSameOrigin, createTestApp, type TestApp } from "../test/app.ts";
import { buildManager, buildProperty, buildUser, setAccountState, type TestUser } from "../test/factories.ts";

// Decision 059: a cached guide page changes with the write, not with time. The cache's safety net is set to an
// hour here, and the app's clock never moves unless a test moves it: every change below is seen because it purged.
const cacheOn = (config: AppConfig): AppConfig => ({ ...config, guide: { ...config.guide, renderCacheMs: 3_600_000 } });

async function guideWithItem(app: FastifyInstance, user: TestUser) {
  const p = await buildProperty(app, user, { title: "Quay Cottage" });
  const res = await app.inject({
    method: "POST",
    url: `/api/properties/${p.propertyId}/content/items`,
    headers: { cookie: user.cookie },
    payload: { categoryLabel: "arrival", title: "Getting in", detailText: "<p>Key in the lockbox</p>" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { propertyId: p.propertyId, itemId: (res.json() as { item: { id: string } }).item.id };
}

describe("a cached guide page reflects each write on the next request (one instance)", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ configure: cacheOn });
    user = await buildUser(t.ctx);
  });
  afterAll(() => t.close());
  const send = (method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
    t.as(user, method, url, payload).then((res) => {
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return (res.body ? res.json() : {}) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    });
  const page = async (propertyId: string) => (await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).body;
  async function expectChange(propertyId: string, write: () => Promise<unknown>, shows: string, gone?: string) {
    const before = await page(propertyId);
    expect(before).not.toContain(shows);
    if (gone) expect(before).toContain(gone);
    // Twice from the cache: the page is cached, and the write below is what changes it.
    expect(await page(propertyId)).toBe(before);
    await write();
    const after = await page(propertyId);
    expect(after).toContain(shows);
    if (gone) expect(after).not.toContain(gone);
  }

  it("property settings, content items, shared content, local places and managers", async () => {
    const { propertyId, itemId } = await guideWithItem(t.app, user);
    await expectChange(
      propertyId,
      () => send("PATCH", `/api/properties/${propertyId}`, { title: "Harbour Loft" }),
      "Harbour Loft",
      "Quay Cottage",
    );
    await expectChange(
      propertyId,
      () => send("PATCH", `/api/properties/${propertyId}/content/items/${itemId}`, { detailText: "<p>Code 4455</p>" }),
      "Code 4455",
      "Key in the lockbox",
    );
    await expectChange(
      propertyId,
      () =>
        send("POST", `/api/properties/${propertyId}/content/items`, {
          categoryLabel: "arrival",
          title: "Parking",
          detailText: "<p>Bay 12</p>",
        }),
      "Bay 12",
    );

    // Shared content: an item of the account's shared guide, attached here, then edited there.
    const sharedId = (await send("POST", "/api/shared-content")).propertyId as string;
    const shared = (
      await send("POST", `/api/properties/${sharedId}/content/items`, {
        categoryLabel: "house-rules",
        title: "No parties",
        detailText: "<p>Quiet after ten</p>",
      })
    ).item as { id: string };
    await expectChange(
      propertyId,
      () => send("PUT", `/api/properties/${propertyId}/content/shared/${shared.id}`),
      "Quiet after ten",
    );
    await expectChange(
      propertyId,
      () =>
        send("PATCH", `/api/properties/${sharedId}/content/items/${shared.id}`, {
          detailText: "<p>Quiet after nine</p>",
        }),
      "Quiet after nine",
      "Quiet after ten",
    );

    // Local places: the property's own, added then edited.
    const place = (
      await send("POST", `/api/properties/${propertyId}/places`, {
        source: "custom",
        categoryLabel: "cafes",
        title: "Small Batch",
      })
    ).place as { id: string };
    await expectChange(
      propertyId,
      () => send("PATCH", `/api/local-places/${place.id}`, { title: "Flat White Co" }),
      "Flat White Co",
      "Small Batch",
    );
  });

  it("languages and host translations, the manager card, the company card, the address", async () => {
    const { propertyId, itemId } = await guideWithItem(t.app, user);
    const french = async () => (await t.app.inject({ method: "GET", url: `/g/${propertyId}?lang=fr` })).body;
    // French is not offered yet: the French request is answered in English, and cached.
    expect(await french()).toContain("Key in the lockbox");
    await send("PATCH", `/api/properties/${propertyId}`, { languageTranslations: ["fr"] });
    const before = await french();
    expect(await french()).toBe(before);
    await send("PATCH", `/api/properties/${propertyId}/content/items/${itemId}`, {
      translations: [{ language: "fr", action: "create", title: "Entrer", detailText: "<p>Clé dans la boîte</p>" }],
    });
    expect(await french()).toContain("Clé dans la boîte");

    // The manager card: a manager assigned, then renamed.
    const manager = await buildManager(t.ctx, user, { firstName: "Priya", lastName: "Shah" });
    await expectChange(
      propertyId,
      () => send("PATCH", `/api/properties/${propertyId}`, { managerVanityId: manager.vanityId }),
      "Priya",
    );
    await expectChange(
      propertyId,
      () => send("PATCH", `/api/managers/${manager.vanityId}`, { firstName: "Zara", lastName: "Shah" }),
      "Zara",
      "Priya",
    );

    // The company card shown on the guide, then its brand renamed.
    await send("POST", "/api/company", { brandName: "Seaside Stays" });
    await expectChange(
      propertyId,
      () => send("PATCH", `/api/properties/${propertyId}`, { companyProfile: true }),
      "Seaside Stays",
    );
    await expectChange(
      propertyId,
      () => send("PATCH", "/api/company", { brandName: "Harbour Homes" }),
      "Harbour Homes",
      "Seaside Stays",
    );

    await expectChange(
      propertyId,
      () => send("PATCH", `/api/properties/${propertyId}`, { displayAddress: "1 Quay Street, Falmouth" }),
      "1 Quay Street, Falmouth",
    );
  });

  it("a trial ending takes the cached guide offline at the trial's end, by the clock alone", async () => {
    const host = await buildUser(t.ctx);
    const { propertyId } = await guideWithItem(t.app, host);
    // The trial ends in an hour; the page is cached meanwhile, and served until then.
    await setAccountState(t.ctx, host.accountId, {
      hasSubscription: false,
      trialEndsAt: new Date(t.clock.now.getTime() + 3_600_000),
    });
    // A direct database change: what the billing code would purge for (it is not tested here).
    await t.ctx.broadcast.publish("guide-purge", `account:${host.accountId}`);
    const live = await t.app.inject({ method: "GET", url: `/g/${propertyId}` });
    expect(live.statusCode).toBe(200);
    t.clock.advance(3_600_000 - 1);
    expect((await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).statusCode).toBe(404);
  });

  it("a trial ended by a write takes the cached guide offline on the next request", async () => {
    const host = await buildUser(t.ctx);
    const { propertyId } = await guideWithItem(t.app, host);
    await setAccountState(t.ctx, host.accountId, { hasSubscription: false });
    await t.ctx.broadcast.publish("guide-purge", `account:${host.accountId}`);
    expect((await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).statusCode).toBe(200);
    const ended = await t.app.inject({ method: "POST", url: "/api/test/end-trial", payload: { email: host.email } });
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await t.app.inject({ method: "GET", url: `/g/${propertyId}` })).statusCode).toBe(404);
  });

  it("a stay's cached page shows a guide edit at once, and goes offline at its account's trial end", async () => {
    const host = await buildUser(t.ctx);
    const { propertyId, itemId } = await guideWithItem(t.app, host);
    const as = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) => t.as(host, method, url, payload);
    const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const stay = await as("POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ana",
      checkInDate: day(-1),
      checkOutDate: day(3),
    });
    expect(stay.statusCode, stay.body).toBe(201);
    const link = new URL((await as("GET", `/api/stays/${stay.json().stay.id}/link`)).json().url).pathname;
    const read = () => t.app.inject({ method: "GET", url: link });
    expect((await read()).body).toContain("Key in the lockbox");
    await as("PATCH", `/api/properties/${propertyId}/content/items/${itemId}`, { detailText: "<p>Code 6060</p>" });
    expect((await read()).body).toContain("Code 6060");

    await setAccountState(t.ctx, host.accountId, {
      hasSubscription: false,
      trialEndsAt: new Date(t.clock.now.getTime() + 3_600_000),
    });
    await t.ctx.broadcast.publish("guide-purge", `account:${host.accountId}`);
    expect((await read()).body).toContain("Code 6060");
    t.clock.advance(3_600_000 - 1);
    expect((await read()).body).toContain("Code 6060");
    t.clock.advance(1);
    expect((await read()).body).not.toContain("Code 6060");
  });
});

// Two instances on one database, one broadcast (Redis in CI): a write on one drops the other's cached page.
describe.runIf(process.env.TEST_REDIS_URL)("a write on one instance reaches the other's cached guide page", () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp({ configure: (c) => ({ ...cacheOn(c), redisUrl: process.env.TEST_REDIS_URL }) });
    b = (await buildApp({ config: a.config, database: a.database, overrides: { now: () => new Date(a.clock.now) } }))
      .app;
    addSameOrigin(b, a.config.publicUrl);
    await b.ready();
    await a.ctx.broadcast.ready();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("a content edit and a title change made on b show on a's next requests", async () => {
    const user = await buildUser(a.ctx);
    const { propertyId, itemId } = await guideWithItem(a.app, user);
    const read = async () => (await a.app.inject({ method: "GET", url: `/g/${propertyId}` })).body;
    expect(await read()).toContain("Key in the lockbox");
    const edit = await b.inject({
      method: "PATCH",
      url: `/api/properties/${propertyId}/content/items/${itemId}`,
      headers: { cookie: user.cookie },
      payload: { detailText: "<p>Code 9090</p>" },
    });
    expect(edit.statusCode, edit.body).toBeLessThan(300);
    // Pub/sub crosses a network hop: polled, far within the cache's hour.
    await vi.waitFor(async () => expect(await read()).toContain("Code 9090"), { timeout: 10_000, interval: 20 });
    const renamed = await b.inject({
      method: "PATCH",
      url: `/api/properties/${propertyId}`,
      headers: { cookie: user.cookie },
      payload: { title: "Harbour Loft" },
    });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    await vi.waitFor(async () => expect(await read()).toContain("Harbour Loft"), { timeout: 10_000, interval: 20 });
  });
});
