import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { customContentLabel } from "@doorstep/shared/rules/content";
import { contentItems, contentSubItems, contentTranslations } from "../../db/schema/content.ts";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";

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
const base = (propertyId: string) => `/api/properties/${propertyId}/content`;

async function createItem(propertyId: string, body: object, user = host) {
  const res = await api(user, "POST", `${base(propertyId)}/items`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().item;
}

describe("catalogue (CONT-02…06, IMPL-11)", () => {
  it("serves at least 8 top-level categories and 40 templates under system id 100000, never communication", async () => {
    const res = await api(host, "GET", "/api/content/categories");
    expect(res.statusCode).toBe(200);
    const { systemId, categories } = res.json();
    expect(systemId).toBe(100000);
    const top = categories.filter((c: { parentLabel: string | null }) => !c.parentLabel);
    expect(top.length).toBeGreaterThanOrEqual(8);
    expect(categories.some((c: { type: string }) => c.type === "communication")).toBe(false);
    expect(
      categories
        .filter((c: { parentLabel: string | null }) => c.parentLabel === "appliances")
        .map((c: { label: string }) => c.label),
    ).toEqual(["kitchen", "laundry", "heating-and-cooling", "entertainment"]);
    const templates = (await api(host, "GET", "/api/content/templates")).json().templates;
    expect(templates.length).toBeGreaterThanOrEqual(40);
    const wifi = templates.find((x: { label: string }) => x.label === "wifi");
    expect(wifi.defaults.detailText).toContain("Password");
    const oven = templates.find((x: { label: string }) => x.label === "oven-and-hob");
    expect(oven.labels).toMatchObject({ describe: "What it is", locate: "Where it is", operate: "How to use it" });
  });

  it("applies a theme's set over the generic one and falls back to 'str' (CONT-05)", async () => {
    const seaside = (await api(host, "GET", "/api/content/categories?theme=seaside")).json();
    expect(seaside.themes).toEqual(["str", "seaside"]);
    expect(seaside.categories.map((c: { label: string }) => c.label)).toContain("beach-and-coast");
    const unknown = (await api(host, "GET", "/api/content/categories?theme=martian")).json();
    expect(unknown.themes).toEqual(["str"]);
    expect(unknown.categories.map((c: { label: string }) => c.label)).not.toContain("beach-and-coast");
    expect((await api(host, "GET", "/api/content/themes")).json().fallback).toBe("str");
  });
});

describe("items", () => {
  let propertyId: string;
  beforeAll(async () => {
    propertyId = (await buildProperty(t.app, host)).propertyId;
  });

  it("creates with version 1, bumps +1 on each update, server-side (CONT-24/25)", async () => {
    const item = await createItem(propertyId, {
      categoryLabel: "house-rules",
      title: "Hot tub rules",
      detailText: "<p>Shower first</p>",
    });
    expect(item).toMatchObject({
      contentVersion: 1,
      listRank: 1,
      label: "hot-tub-rules",
      isCustomLabel: true,
      infoType: "custom",
    });
    // The version is never the client's: a contentVersion sent along is ignored.
    const ok = await api(host, "PATCH", `${base(propertyId)}/items/${item.id}`, {
      title: "Hot tub",
      contentVersion: 99,
    });
    expect(ok.json().item).toMatchObject({ contentVersion: 2, label: "hot-tub" });
    const again = await api(host, "PATCH", `${base(propertyId)}/items/${item.id}`, {
      featured: true,
      expectedVersion: 2,
    });
    expect(again.json().item.contentVersion).toBe(3);
    const stale = await api(host, "PATCH", `${base(propertyId)}/items/${item.id}`, {
      featured: false,
      expectedVersion: 2,
    });
    expect(stale.statusCode).toBe(409);
  });

  it("lets only one of two concurrent saves at the same expectedVersion through; the other is 409 and leaves nothing", async () => {
    const item = await createItem(propertyId, { categoryLabel: "house-rules", title: "Pets" });
    const save = (title: string, language: string) =>
      api(host, "PATCH", `${base(propertyId)}/items/${item.id}`, {
        title,
        expectedVersion: 1,
        translations: [{ language, action: "create", title }],
        subItems: [{ action: "create", type: "text", detailText: title }],
      });
    // Both saves read version 1 before either transaction starts: each waits at the door until both are there.
    const db = t.ctx.db;
    const transaction = db.transaction.bind(db);
    const atDoor: (() => void)[] = [];
    db.transaction = ((...args: Parameters<typeof transaction>) =>
      new Promise<void>((enter) => {
        atDoor.push(enter);
        if (atDoor.length === 2) atDoor.forEach((open) => open());
      }).then(() => transaction(...args))) as typeof db.transaction;
    let results;
    try {
      results = await Promise.all([save("Dogs welcome", "fr"), save("No pets", "de")]);
    } finally {
      db.transaction = transaction;
    }
    expect(atDoor).toHaveLength(2);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(" ")).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe("CONFLICT");
    const after = (await api(host, "GET", `${base(propertyId)}/items/${item.id}`)).json().item;
    expect(after.contentVersion).toBe(2);
    // The winner's title, translation and sub-item only: the loser rolled back entirely.
    expect(after.translations).toHaveLength(1);
    expect(after.translations[0].title).toBe(after.title);
    expect(after.subItems.map((s: { detailText: string }) => s.detailText)).toEqual([after.title]);
  });

  it("ranks new items last + 1 (CONT-27) and refuses a blank English title (CONT-17)", async () => {
    const a = await createItem(propertyId, { categoryLabel: "check-out", title: "Towels" });
    const b = await createItem(propertyId, { categoryLabel: "check-out", title: "Keys" });
    expect([a.listRank, b.listRank]).toEqual([1, 2]);
    const blank = await api(host, "POST", `${base(propertyId)}/items`, { categoryLabel: "check-out", title: "   " });
    expect(blank.statusCode).toBe(400);
    const tagsOnly = await api(host, "POST", `${base(propertyId)}/items`, {
      categoryLabel: "check-out",
      title: "<b></b>",
    });
    expect(tagsOnly.statusCode).toBe(400);
    expect(tagsOnly.json().error.message).toBe("Please enter a title in English");
  });

  it("derives labels from titles with the 6-digit suffix rule (CONT-26)", async () => {
    expect(customContentLabel("Wi-Fi  &  Internet!!", "wifi-and-tech")).toBe("wi-fi-internet");
    expect(customContentLabel("Check out", "check-out", () => 0.5)).toBe("check-out-550000");
    const item = await createItem(propertyId, { categoryLabel: "check-out", title: "Check-Out" });
    expect(item.label).toMatch(/^check-out-\d{6}$/);
    expect(item.isCustomLabel).toBe(true);
  });

  it("fills a template once, with its label and template (CONT-35)", async () => {
    const item = await createItem(propertyId, {
      categoryLabel: "wifi-and-tech",
      templateLabel: "wifi",
      title: "Wi-Fi",
      detailText: "<p>Network: Home</p>",
    });
    expect(item).toMatchObject({ label: "wifi", isCustomLabel: false, infoType: "system", templateLabel: "wifi" });
    expect(item.template.labels.title).toBe("Title");
    const dup = await api(host, "POST", `${base(propertyId)}/items`, {
      categoryLabel: "wifi-and-tech",
      templateLabel: "wifi",
      title: "Again",
    });
    expect(dup.statusCode).toBe(409);
    const wrongCategory = await api(host, "POST", `${base(propertyId)}/items`, {
      categoryLabel: "arrival",
      templateLabel: "wifi",
      title: "X",
    });
    expect(wrongCategory.statusCode).toBe(404);
    const page = (await api(host, "GET", `${base(propertyId)}/categories/wifi-and-tech`)).json();
    expect(page.templates.find((x: { template: { label: string } }) => x.template.label === "wifi").item.id).toBe(
      item.id,
    );
    expect(
      page.templates.find((x: { template: { label: string } }) => x.template.label === "smart-home").item,
    ).toBeNull();
    expect(page.canAddCustom).toBe(true);
    const overview = (await api(host, "GET", base(propertyId))).json();
    const wifi = overview.categories.find((c: { label: string }) => c.label === "wifi-and-tech");
    expect(wifi).toMatchObject({ itemCount: 1, filledTemplateCount: 1 });
    const appliances = (await api(host, "GET", `${base(propertyId)}/categories/appliances`)).json();
    expect(appliances.canAddCustom).toBe(false);
    expect(appliances.children).toHaveLength(4);
  });

  it("saves item, translations and sub-items together, applying each action (CONT-28…30)", async () => {
    const item = await createItem(propertyId, {
      categoryLabel: "the-home",
      title: "Garden",
      translations: [
        { language: "fr", action: "create", title: "Jardin", detailText: "<p>Le jardin</p>" },
        { language: "de", action: "create", title: "", detailText: "" },
      ],
      subItems: [
        { action: "create", type: "text", detailText: "Gate code 1234" },
        { action: "create", type: "button", buttonLabel: "Book", buttonLink: "https://example.com/book" },
        { action: "create", type: "internal-link", internalLinkLabel: "Wi-Fi", internalLink: "/wifi-and-tech" },
      ],
    });
    expect(item.translations.map((x: { language: string }) => x.language)).toEqual(["fr"]);
    expect(item.subItems.map((s: { type: string; listRank: number }) => [s.type, s.listRank])).toEqual([
      ["text", 1],
      ["button", 2],
      ["internal-link", 3],
    ]);
    const [text, button] = item.subItems;
    const res = await api(host, "PATCH", `${base(propertyId)}/items/${item.id}`, {
      translations: [
        { language: "fr", action: "update", title: "Le jardin" },
        { language: "es", action: "create", title: "Jardín" },
      ],
      subItems: [
        { action: "delete", id: text.id },
        { action: "update", id: button.id, buttonLabel: "Book now", listRank: 9 },
        { action: "create", type: "text", detailText: "Mind the step", listRank: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().item;
    expect(updated.contentVersion).toBe(2);
    expect(updated.translations.map((x: { language: string; title: string }) => [x.language, x.title])).toEqual([
      ["es", "Jardín"],
      ["fr", "Le jardin"],
    ]);
    expect(updated.subItems.map((s: { type: string; listRank: number }) => [s.type, s.listRank])).toEqual([
      ["text", 1],
      ["internal-link", 2],
      ["button", 3],
    ]);
    expect(updated.subItems[2].buttonLabel).toBe("Book now");
  });

  it("leaves nothing half-saved when one sub-item fails (CONT-30)", async () => {
    const item = await createItem(propertyId, {
      categoryLabel: "the-home",
      title: "Attic",
      subItems: [{ action: "create", type: "text", detailText: "Ladder" }],
    });
    const res = await api(host, "PATCH", `${base(propertyId)}/items/${item.id}`, {
      title: "Loft",
      translations: [{ language: "fr", action: "create", title: "Grenier" }],
      subItems: [
        { action: "create", type: "text", detailText: "Mind your head" },
        { action: "update", id: "00000000-0000-4000-8000-000000000000", detailText: "ghost" },
      ],
    });
    expect(res.statusCode).toBe(404);
    const after = (await api(host, "GET", `${base(propertyId)}/items/${item.id}`)).json().item;
    expect(after).toMatchObject({ title: "Attic", contentVersion: 1, translations: [] });
    expect(after.subItems.map((s: { detailText: string }) => s.detailText)).toEqual(["Ladder"]);
    const invalidCreate = await api(host, "POST", `${base(propertyId)}/items`, {
      categoryLabel: "the-home",
      title: "Cellar",
      subItems: [
        { action: "create", type: "text", detailText: "ok" },
        { action: "create", type: "button", buttonLabel: "No link" },
      ],
    });
    expect(invalidCreate.statusCode).toBe(400);
    const page = (await api(host, "GET", `${base(propertyId)}/categories/the-home`)).json();
    expect(page.customItems.map((i: { title: string }) => i.title)).not.toContain("Cellar");
  });

  it("touches the property's modified date on content changes (HOME-22)", async () => {
    const [before] = await t.ctx.db
      .select({ at: properties.updatedAt })
      .from(properties)
      .where(eq(properties.propertyId, propertyId));
    t.clock.advance(60_000);
    await createItem(propertyId, { categoryLabel: "arrival", title: "Late arrivals" });
    const [after] = await t.ctx.db
      .select({ at: properties.updatedAt })
      .from(properties)
      .where(eq(properties.propertyId, propertyId));
    expect(after!.at.getTime()).toBeGreaterThan(before!.at.getTime());
  });

  it("empties a sub-item whose type changes: the old type's fields go, its file is deleted after the save (CONT-29)", async () => {
    const item = await createItem(propertyId, {
      categoryLabel: "the-home",
      title: "Porch",
      // A field of another type sent along is not stored.
      subItems: [
        { action: "create", type: "image" },
        { action: "create", type: "text", detailText: "Shoes off", buttonLink: "https://example.com" },
      ],
    });
    const [image, text] = item.subItems;
    const [stored] = await t.ctx.db.select().from(contentSubItems).where(eq(contentSubItems.id, text.id));
    expect(stored).toMatchObject({ detailText: "Shoes off", buttonLink: null });
    const m = multipart([{ field: "file", filename: "p.png", contentType: "image/png", body: await makePng() }]);
    const up = await t.app.inject({
      method: "PUT",
      url: `${base(propertyId)}/items/${item.id}/sub-items/${image.id}/media/image`,
      payload: m.payload,
      headers: { ...m.headers, cookie: host.cookie },
    });
    const key = up.json().item.subItems[0].imageUrl.replace("/files/", "");
    expect(await t.ctx.storage.get(key)).not.toBeNull();

    // A button needs its label and link: a bare type change is refused and keeps the file.
    const bare = await api(host, "PATCH", `${base(propertyId)}/items/${item.id}`, {
      subItems: [{ action: "update", id: image.id, type: "button" }],
    });
    expect(bare.statusCode).toBe(400);
    expect(await t.ctx.storage.get(key)).not.toBeNull();

    const res = await api(host, "PATCH", `${base(propertyId)}/items/${item.id}`, {
      subItems: [
        { action: "update", id: image.id, type: "text", detailText: "Mind the step" },
        { action: "update", id: text.id, type: "button", buttonLabel: "Map", buttonLink: "https://example.com/map" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().item.subItems;
    expect(first).toMatchObject({ type: "text", detailText: "Mind the step", imageUrl: null });
    expect(second).toMatchObject({ type: "button", buttonLabel: "Map", detailText: null });
    expect(await t.ctx.storage.get(key)).toBeNull();
    const [row] = await t.ctx.db.select().from(contentSubItems).where(eq(contentSubItems.id, image.id));
    expect(row).toMatchObject({ type: "text", imageKey: null });
  });

  it("deletes an item with its translations, sub-items and files (CONT-31)", async () => {
    const item = await createItem(propertyId, {
      categoryLabel: "the-home",
      title: "Sauna",
      translations: [{ language: "fi", action: "create", title: "Sauna" }],
      subItems: [{ action: "create", type: "image" }],
    });
    const m = multipart([{ field: "file", filename: "s.png", contentType: "image/png", body: await makePng() }]);
    const up = await t.app.inject({
      method: "PUT",
      url: `${base(propertyId)}/items/${item.id}/sub-items/${item.subItems[0].id}/media/image`,
      payload: m.payload,
      headers: { ...m.headers, cookie: host.cookie },
    });
    const key = up.json().item.subItems[0].imageUrl.replace("/files/", "");
    expect(await t.ctx.storage.get(key)).not.toBeNull();
    expect((await api(host, "DELETE", `${base(propertyId)}/items/${item.id}`)).statusCode).toBe(204);
    expect(await t.ctx.storage.get(key)).toBeNull();
    expect(await t.ctx.db.select().from(contentItems).where(eq(contentItems.id, item.id))).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(contentTranslations).where(eq(contentTranslations.itemId, item.id)),
    ).toHaveLength(0);
    expect(await t.ctx.db.select().from(contentSubItems).where(eq(contentSubItems.itemId, item.id))).toHaveLength(0);
    expect((await api(host, "GET", `${base(propertyId)}/items/${item.id}`)).statusCode).toBe(404);
  });

  it("reorders only the caller's items of that list (CONT-32…34)", async () => {
    const { propertyId: p } = await buildProperty(t.app, host);
    const a = await createItem(p, { categoryLabel: "local-area", title: "A" });
    const b = await createItem(p, { categoryLabel: "local-area", title: "B" });
    const c = await createItem(p, { categoryLabel: "local-area", title: "C" });
    const elsewhere = await createItem(p, { categoryLabel: "arrival", title: "Elsewhere" });
    const { propertyId: theirs } = await buildProperty(t.app, other);
    const foreign = await createItem(theirs, { categoryLabel: "local-area", title: "Foreign" }, other);

    expect(
      (await api(host, "PUT", `${base(p)}/order`, { categoryLabel: "local-area", itemIds: [c.id, a.id, b.id] }))
        .statusCode,
    ).toBe(204);
    const order = () =>
      api(host, "GET", `${base(p)}/categories/local-area`).then((r) =>
        r.json().customItems.map((i: { title: string; listRank: number }) => `${i.title}${i.listRank}`),
      );
    expect(await order()).toEqual(["C1", "A2", "B3"]);
    expect(
      (await api(host, "PUT", `${base(p)}/order`, { categoryLabel: "local-area", itemIds: [foreign.id, a.id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api(host, "PUT", `${base(p)}/order`, { categoryLabel: "local-area", itemIds: [elsewhere.id] })).statusCode,
    ).toBe(404);
    expect(
      (await api(other, "PUT", `${base(p)}/order`, { categoryLabel: "local-area", itemIds: [a.id] })).statusCode,
    ).toBe(404);
    expect(await order()).toEqual(["C1", "A2", "B3"]);
    // A partial order puts the listed items first; the rest keep their order.
    expect(
      (await api(host, "PUT", `${base(p)}/order`, { categoryLabel: "local-area", itemIds: [b.id] })).statusCode,
    ).toBe(204);
    expect(await order()).toEqual(["B1", "C2", "A3"]);
    // A per-item PATCH with ListRank is accepted too (CONT-34).
    const patched = await api(host, "PATCH", `${base(p)}/items/${a.id}`, { listRank: 7 });
    expect(patched.json().item.listRank).toBe(7);
  });

  it("answers 404 for another account's property or item", async () => {
    const item = await createItem(propertyId, { categoryLabel: "arrival", title: "Private" });
    expect((await api(other, "GET", `${base(propertyId)}/items/${item.id}`)).statusCode).toBe(404);
    const { propertyId: theirs } = await buildProperty(t.app, other);
    expect((await api(other, "GET", `${base(theirs)}/items/${item.id}`)).statusCode).toBe(404);
    expect((await api(other, "DELETE", `${base(theirs)}/items/${item.id}`)).statusCode).toBe(404);
  });
});
