import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { buildApp } from "../../app.ts";
import { properties } from "../../db/schema/properties.ts";
import { addSameOrigin, createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";
import { findAttachedItems } from "./content-links.repository.ts";

let t: TestApp;
let host: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  host = await buildUser(t.ctx);
  other = await buildUser(t.ctx);
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);

describe("shared content (SHARED-01…13, OPEN-46/59)", () => {
  it("creates the shared-content property once, hidden from lists, and reports it on the user", async () => {
    expect((await api(host, "GET", "/api/me")).json().user.sharedContentPropertyId).toBeNull();
    const [a, b] = await Promise.all([
      api(host, "POST", "/api/shared-content"),
      api(host, "POST", "/api/shared-content"),
    ]);
    const ids = new Set([a.json().propertyId, b.json().propertyId]);
    expect(ids.size).toBe(1);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const sharedId = [...ids][0];
    expect((await api(host, "GET", "/api/me")).json().user.sharedContentPropertyId).toBe(sharedId);
    expect((await api(host, "GET", "/api/properties")).json().total).toBe(0);
    const overview = (await api(host, "GET", `/api/properties/${sharedId}/content`)).json();
    expect(overview.property.isShared).toBe(true);
    expect(overview.categories.map((c: { type: string }) => c.type)).not.toContain("local-area");
    expect(
      (
        await api(host, "POST", `/api/properties/${sharedId}/content/items`, {
          categoryLabel: "local-area",
          title: "X",
        })
      ).statusCode,
    ).toBe(404);
  });

  it("attaches and detaches a shared item with its sub-items and translations; deleting it detaches everywhere", async () => {
    const sharedId = (await api(host, "POST", "/api/shared-content")).json().propertyId;
    const p1 = (await buildProperty(t.app, host)).propertyId;
    const p2 = (await buildProperty(t.app, host)).propertyId;
    const created = await api(host, "POST", `/api/properties/${sharedId}/content/items`, {
      categoryLabel: "house-rules",
      title: "Quiet hours",
      detailText: "<p>10 pm to 8 am</p>",
      translations: [{ language: "fr", action: "create", title: "Heures calmes" }],
      subItems: [{ action: "create", type: "text", detailText: "Thank you" }],
    });
    const item = created.json().item;
    expect(item.shared).toBe(true);
    for (const p of [p1, p2]) {
      const res = await api(host, "PUT", `/api/properties/${p}/content/shared/${item.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ attached: true });
    }
    const page = (await api(host, "GET", `/api/properties/${p1}/content/categories/house-rules`)).json();
    expect(page.sharedItems).toEqual([
      expect.objectContaining({ attached: true, item: expect.objectContaining({ id: item.id, shared: true }) }),
    ]);
    expect(
      (await api(host, "GET", `/api/properties/${sharedId}/content/items/${item.id}`))
        .json()
        .item.attachedPropertyIds.sort(),
    ).toEqual([p1, p2].sort());

    expect((await api(host, "DELETE", `/api/properties/${p2}/content/shared/${item.id}`)).json()).toEqual({
      attached: false,
    });
    const p2page = (await api(host, "GET", `/api/properties/${p2}/content/categories/house-rules`)).json();
    expect(p2page.sharedItems[0].attached).toBe(false);
    const overview = (await api(host, "GET", `/api/properties/${p1}/content`)).json();
    expect(overview.categories.find((c: { label: string }) => c.label === "house-rules").itemCount).toBe(1);

    expect((await api(host, "DELETE", `/api/properties/${sharedId}/content/items/${item.id}`)).statusCode).toBe(204);
    const after = (await api(host, "GET", `/api/properties/${p1}/content/categories/house-rules`)).json();
    expect(after.sharedItems).toEqual([]);
  });

  it("verifies ownership of both sides (SHARED-12)", async () => {
    const sharedId = (await api(host, "POST", "/api/shared-content")).json().propertyId;
    const item = (
      await api(host, "POST", `/api/properties/${sharedId}/content/items`, { categoryLabel: "arrival", title: "Keys" })
    ).json().item;
    const mine = (await buildProperty(t.app, host)).propertyId;
    const theirs = (await buildProperty(t.app, other)).propertyId;
    // Another account can attach my item neither to their property nor to mine.
    expect((await api(other, "PUT", `/api/properties/${theirs}/content/shared/${item.id}`)).statusCode).toBe(404);
    expect((await api(other, "PUT", `/api/properties/${mine}/content/shared/${item.id}`)).statusCode).toBe(404);
    // I cannot attach to their property, nor attach a non-shared item, nor attach to the shared property itself.
    expect((await api(host, "PUT", `/api/properties/${theirs}/content/shared/${item.id}`)).statusCode).toBe(404);
    const local = (
      await api(host, "POST", `/api/properties/${mine}/content/items`, { categoryLabel: "arrival", title: "Local" })
    ).json().item;
    expect((await api(host, "PUT", `/api/properties/${mine}/content/shared/${local.id}`)).statusCode).toBe(404);
    expect((await api(host, "PUT", `/api/properties/${sharedId}/content/shared/${item.id}`)).statusCode).toBe(404);
    const otherShared = (await api(other, "POST", "/api/shared-content")).json().propertyId;
    expect(otherShared).not.toBe(sharedId);
    expect((await api(other, "GET", `/api/properties/${sharedId}/content/items/${item.id}`)).statusCode).toBe(404);
  });

  it("refuses to delete, publish, protect or dress the shared-content property through the property routes (SHARED-01)", async () => {
    const sharedId = (await api(host, "POST", "/api/shared-content")).json().propertyId;
    const locked = async (res: Awaited<ReturnType<typeof api>>) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({
        code: "CONFLICT",
        message: expect.stringContaining("shared content area"),
      });
    };
    await locked(await api(host, "DELETE", `/api/properties/${sharedId}`));
    await locked(await api(host, "PATCH", `/api/properties/${sharedId}`, { published: true }));
    await locked(await api(host, "PATCH", `/api/properties/${sharedId}`, { title: "Renamed" }));
    await locked(await api(host, "PUT", `/api/properties/${sharedId}/passcode`, { passcode: "123456" }));
    await locked(await api(host, "DELETE", `/api/properties/${sharedId}/cover`));
    const m = multipart([{ field: "file", filename: "c.png", contentType: "image/png", body: await makePng() }]);
    await locked(
      await t.app.inject({
        method: "PUT",
        url: `/api/properties/${sharedId}/cover`,
        payload: m.payload,
        headers: { ...m.headers, cookie: host.cookie },
      }),
    );
    const [row] = await t.ctx.db.select().from(properties).where(eq(properties.propertyId, sharedId));
    expect(row).toMatchObject({ archivedAt: null, published: false, passcodeEncrypted: null, coverKey: null });
    // Another account still gets the plain 404.
    expect((await api(other, "DELETE", `/api/properties/${sharedId}`)).statusCode).toBe(404);
  });

  it("serves no attached item whose shared-content property is archived", async () => {
    const owner = await buildUser(t.ctx);
    const sharedId = (await api(owner, "POST", "/api/shared-content")).json().propertyId;
    const p = (await buildProperty(t.app, owner)).propertyId;
    const item = (
      await api(owner, "POST", `/api/properties/${sharedId}/content/items`, {
        categoryLabel: "arrival",
        title: "Parking",
      })
    ).json().item;
    expect((await api(owner, "PUT", `/api/properties/${p}/content/shared/${item.id}`)).statusCode).toBe(200);
    const [target] = await t.ctx.db.select({ id: properties.id }).from(properties).where(eq(properties.propertyId, p));
    expect((await findAttachedItems(t.ctx.db, target!.id)).map((i) => i.id)).toEqual([item.id]);
    // Archived by a path other than the routes (an older build, a manual fix): its links stay but serve nothing.
    await t.ctx.db.update(properties).set({ archivedAt: new Date() }).where(eq(properties.propertyId, sharedId));
    expect(await findAttachedItems(t.ctx.db, target!.id)).toEqual([]);
    const overview = (await api(owner, "GET", `/api/properties/${p}/content`)).json();
    expect(overview.categories.find((c: { label: string }) => c.label === "arrival").itemCount).toBe(0);
  });

  it("offers shared items the translation languages of all the account's live guides (CONT-18, SHARED-07)", async () => {
    const owner = await buildUser(t.ctx);
    const sharedId = (await api(owner, "POST", "/api/shared-content")).json().propertyId;
    const languages = async () =>
      (await api(owner, "GET", `/api/properties/${sharedId}/content/categories/house-rules`)).json().property
        .languageTranslations;
    expect(await languages()).toEqual([]);
    const [a, b, gone] = [
      await buildProperty(t.app, owner),
      await buildProperty(t.app, owner),
      await buildProperty(t.app, owner),
    ];
    expect(
      (await api(owner, "PATCH", `/api/properties/${a.propertyId}`, { languageTranslations: ["fr", "de"] })).statusCode,
    ).toBe(204);
    expect(
      (await api(owner, "PATCH", `/api/properties/${b.propertyId}`, { languageTranslations: ["es", "fr"] })).statusCode,
    ).toBe(204);
    expect(
      (await api(owner, "PATCH", `/api/properties/${gone.propertyId}`, { languageTranslations: ["ja"] })).statusCode,
    ).toBe(204);
    expect((await api(owner, "DELETE", `/api/properties/${gone.propertyId}`)).statusCode).toBe(204);
    // Another account's languages never leak in.
    const stranger = await buildProperty(t.app, other);
    await api(other, "PATCH", `/api/properties/${stranger.propertyId}`, { languageTranslations: ["it"] });
    expect(await languages()).toEqual(["de", "es", "fr"]);
    expect(
      (await api(owner, "GET", `/api/properties/${sharedId}/content`)).json().property.languageTranslations,
    ).toEqual(["de", "es", "fr"]);
    // An ordinary property keeps its own list.
    expect(
      (await api(owner, "GET", `/api/properties/${b.propertyId}/content`)).json().property.languageTranslations,
    ).toEqual(["es", "fr"]);

    // The host writes them: the shared item carries them to every property it is attached to.
    const item = (
      await api(owner, "POST", `/api/properties/${sharedId}/content/items`, {
        categoryLabel: "house-rules",
        title: "Quiet hours",
      })
    ).json().item;
    const saved = await api(owner, "PATCH", `/api/properties/${sharedId}/content/items/${item.id}`, {
      translations: [
        { language: "de", action: "create", title: "Ruhezeiten" },
        { language: "es", action: "create", title: "Horas de silencio" },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved.json().item.translations.map((x: { language: string; title: string }) => `${x.language}:${x.title}`),
    ).toEqual(["de:Ruhezeiten", "es:Horas de silencio"]);
  });
});

// Scaled mode: /api/me remembers an account's "no shared content yet" (decision 027); a creation on another
// instance must reach it through the broadcast. Two instances on one database and one Redis (CI's TEST_REDIS_URL).
describe.runIf(process.env.TEST_REDIS_URL)("shared content across instances (decision 027)", () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp({ config: { redisUrl: process.env.TEST_REDIS_URL } });
    b = (await buildApp({ config: a.config, database: a.database })).app;
    addSameOrigin(b, a.config.publicUrl);
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("a shared-content property made on one instance shows on the other's /api/me at once", async () => {
    const user = await buildUser(a.ctx);
    const me = async () =>
      (await a.app.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } })).json().user
        .sharedContentPropertyId;
    expect(await me()).toBeNull(); // remembered by instance a
    await a.ctx.broadcast.ready();
    const made = await b.inject({ method: "POST", url: "/api/shared-content", headers: { cookie: user.cookie } });
    expect(made.statusCode).toBe(201);
    // Pub/sub crosses a network hop: it must come well within the 5 s "none yet" is believed.
    await vi.waitFor(async () => expect(await me()).toBe(made.json().propertyId), { timeout: 4_000, interval: 20 });
  });
});
