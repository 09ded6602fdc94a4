import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { contentItemLinks, contentItems, contentSubItems, contentTranslations } from "../../db/schema/content.ts";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";

/**
 * Mixed ids (XCUT-15, SHARED-12, CONT-11/34): every content route that takes more than one id answers 404
 * and changes nothing when the ids do not belong together — the caller's id paired with another account's,
 * or an item of the caller's property A addressed through the caller's property B.
 */
let t: TestApp;
let me: TestUser;
let them: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  me = await buildUser(t.ctx);
  them = await buildUser(t.ctx);
});
afterAll(() => t.close());

interface Item {
  id: string;
  subItems: { id: string }[];
}

const call = (user: TestUser, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as "GET", url, headers: { cookie: user.cookie }, payload });
const base = (propertyId: string) => `/api/properties/${propertyId}/content`;

async function item(user: TestUser, propertyId: string, title: string): Promise<Item> {
  const res = await call(user, "POST", `${base(propertyId)}/items`, {
    categoryLabel: "arrival",
    title,
    translations: [{ language: "fr", action: "create", title: `${title} (fr)` }],
    subItems: [{ action: "create", type: "image" }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json().item as Item;
  const png = multipart([{ field: "file", filename: "p.png", contentType: "image/png", body: await makePng() }]);
  const up = await t.app.inject({
    method: "PUT",
    url: `${base(propertyId)}/items/${created.id}/sub-items/${created.subItems[0]!.id}/media/image`,
    payload: png.payload,
    headers: { ...png.headers, cookie: user.cookie },
  });
  expect(up.statusCode, up.body).toBe(200);
  return created;
}

/** Everything these routes could change: the content tables, the properties' modified dates, the files. */
async function state() {
  const db = t.ctx.db;
  const filesRoot = path.join(t.config.dataDir, "files");
  const files = fs.existsSync(filesRoot)
    ? (fs.readdirSync(filesRoot, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
        .sort()
    : [];
  return {
    items: await db.select().from(contentItems).orderBy(asc(contentItems.id)),
    subItems: await db.select().from(contentSubItems).orderBy(asc(contentSubItems.id)),
    translations: await db.select().from(contentTranslations).orderBy(asc(contentTranslations.id)),
    links: await db
      .select()
      .from(contentItemLinks)
      .orderBy(asc(contentItemLinks.itemId), asc(contentItemLinks.propertyId)),
    properties: await db
      .select({ id: properties.id, updatedAt: properties.updatedAt })
      .from(properties)
      .orderBy(asc(properties.id)),
    files,
  };
}

describe("content routes with more than one id (XCUT-15, SHARED-12)", () => {
  it("answer 404 to every mix of ids that do not belong together, and change nothing", async () => {
    // Mine: properties A and B, the shared-content property S; theirs: property T and their shared property TS.
    const A = (await buildProperty(t.app, me)).propertyId;
    const B = (await buildProperty(t.app, me)).propertyId;
    const S = (await call(me, "POST", "/api/shared-content")).json().propertyId as string;
    const T = (await buildProperty(t.app, them)).propertyId;
    const TS = (await call(them, "POST", "/api/shared-content")).json().propertyId as string;
    const iA = await item(me, A, "Key safe");
    const iA2 = await item(me, A, "Parking");
    const iB = await item(me, B, "Gate");
    const iS = await item(me, S, "House rules");
    const iT = await item(them, T, "Their key safe");
    const iTS = await item(them, TS, "Their rules");
    expect((await call(me, "PUT", `${base(A)}/shared/${iS.id}`)).statusCode).toBe(200);
    expect((await call(them, "PUT", `${base(T)}/shared/${iTS.id}`)).statusCode).toBe(200);
    const sub = (i: Item) => i.subItems[0]!.id;

    type Case = { route: string; what: string; url: string; body?: object | "file" };
    const itemRoutes = (what: string, property: string, target: Item): Case[] => [
      {
        route: "GET /api/properties/:propertyId/content/items/:itemId",
        what,
        url: `${base(property)}/items/${target.id}`,
      },
      {
        route: "PATCH /api/properties/:propertyId/content/items/:itemId",
        what,
        url: `${base(property)}/items/${target.id}`,
        body: { title: "Hijacked" },
      },
      {
        route: "DELETE /api/properties/:propertyId/content/items/:itemId",
        what,
        url: `${base(property)}/items/${target.id}`,
      },
      {
        route: "PUT /api/properties/:propertyId/content/items/:itemId/media/:media",
        what,
        url: `${base(property)}/items/${target.id}/media/image`,
        body: "file",
      },
      {
        route: "DELETE /api/properties/:propertyId/content/items/:itemId/media/:media",
        what,
        url: `${base(property)}/items/${target.id}/media/image`,
      },
    ];
    const subItemRoutes = (what: string, property: string, target: Item, subItemId: string): Case[] => [
      {
        route: "PUT /api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media",
        what,
        url: `${base(property)}/items/${target.id}/sub-items/${subItemId}/media/image`,
        body: "file",
      },
      {
        route: "DELETE /api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media",
        what,
        url: `${base(property)}/items/${target.id}/sub-items/${subItemId}/media/image`,
      },
    ];
    const saveWith = (what: string, property: string, target: Item, subItems: object[]): Case => ({
      route: "PATCH /api/properties/:propertyId/content/items/:itemId",
      what,
      url: `${base(property)}/items/${target.id}`,
      body: { title: "Hijacked", subItems },
    });
    const order = (what: string, property: string, ids: string[], categoryLabel = "arrival"): Case => ({
      route: "PUT /api/properties/:propertyId/content/order",
      what,
      url: `${base(property)}/order`,
      body: { categoryLabel, itemIds: ids },
    });
    const attach = (what: string, property: string, target: Item): Case[] => [
      {
        route: "PUT /api/properties/:propertyId/content/shared/:itemId",
        what: `attach: ${what}`,
        url: `${base(property)}/shared/${target.id}`,
        body: {},
      },
      {
        route: "DELETE /api/properties/:propertyId/content/shared/:itemId",
        what: `detach: ${what}`,
        url: `${base(property)}/shared/${target.id}`,
      },
    ];

    const cases: Case[] = [
      // property + category: categories are the catalogue's, so a category is "another's" when it is not in the
      // property's set: another theme's, or a local-area one on the shared-content property (CONT-05, SHARED-03).
      {
        route: "GET /api/properties/:propertyId/content/categories/:categoryLabel",
        what: "another theme's category",
        url: `${base(A)}/categories/beach-and-coast`,
      },
      {
        route: "GET /api/properties/:propertyId/content/categories/:categoryLabel",
        what: "local area on the shared-content property",
        url: `${base(S)}/categories/local-area`,
      },
      {
        route: "GET /api/properties/:propertyId/content/categories/:categoryLabel",
        what: "their property",
        url: `${base(T)}/categories/arrival`,
      },
      {
        route: "POST /api/properties/:propertyId/content/items",
        what: "another theme's category",
        url: `${base(A)}/items`,
        body: { categoryLabel: "beach-and-coast", title: "Beach" },
      },
      {
        route: "POST /api/properties/:propertyId/content/items",
        what: "local area on the shared-content property",
        url: `${base(S)}/items`,
        body: { categoryLabel: "local-area", title: "Pub" },
      },
      {
        route: "POST /api/properties/:propertyId/content/items",
        what: "their property",
        url: `${base(T)}/items`,
        body: { categoryLabel: "arrival", title: "Hijacked" },
      },
      order("another theme's category list", A, [iA.id], "beach-and-coast"),
      // property + item
      ...itemRoutes("their property, my item", T, iA),
      ...itemRoutes("my property, their item", A, iT),
      ...itemRoutes("my item of property A through my property B", B, iA),
      ...itemRoutes("my item of property A through my shared-content property", S, iA),
      ...itemRoutes("my shared item through my property it is attached to", A, iS),
      // item + sub-item
      ...subItemRoutes("my item, the sub-item of my other item on the same property", A, iA, sub(iA2)),
      ...subItemRoutes("my item, the sub-item of my item on property B", A, iA, sub(iB)),
      ...subItemRoutes("my item, their sub-item", A, iA, sub(iT)),
      ...subItemRoutes("my sub-item of property A's item through property B", B, iA, sub(iA)),
      ...subItemRoutes("their property and item, my sub-item", T, iT, sub(iA)),
      saveWith("update the sub-item of my other item", A, iA, [
        { action: "update", id: sub(iA2), type: "text", detailText: "Hijacked" },
      ]),
      saveWith("delete the sub-item of my item on property B", A, iA, [{ action: "delete", id: sub(iB) }]),
      saveWith("delete their sub-item", A, iA, [{ action: "delete", id: sub(iT) }]),
      saveWith("update my shared item's sub-item from an ordinary item", A, iA, [
        { action: "update", id: sub(iS), type: "text", detailText: "x" },
      ]),
      // reorder lists
      order("my items of A with my item of B", A, [iA.id, iB.id]),
      order("my item of A with their item", A, [iA.id, iT.id]),
      order("only their item", A, [iT.id]),
      order("my shared item in an ordinary property's list", A, [iA.id, iS.id]),
      order("my ordinary item in the shared-content list", S, [iS.id, iA.id]),
      order("their property, my items", T, [iT.id, iA.id]),
      // shared item + property
      ...attach("my shared item to their property", T, iS),
      ...attach("their shared item to my property", A, iTS),
      ...attach("their shared item to their property, as me", T, iTS),
      ...attach("my shared item to my shared-content property", S, iS),
      ...attach("my ordinary item of B to my property A", A, iB),
      ...attach("my shared item to their shared-content property", TS, iS),
    ];

    // The table covers every content route that takes more than one id (in its path or in its body).
    const multiId = t.routes
      .filter((r) => r.url.startsWith("/api/properties/:propertyId/content") && r.method !== "HEAD")
      .filter(
        (r) =>
          (r.url.match(/:\w+(Id|Label)/g) ?? []).length > 1 ||
          r.url.endsWith("/order") ||
          (r.method !== "GET" && r.url.endsWith("/items")),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(multiId.length).toBeGreaterThanOrEqual(12);
    for (const route of multiId)
      expect(
        cases.some((c) => c.route === route),
        `no mixed-id case for ${route}`,
      ).toBe(true);

    const before = await state();
    const png = await makePng();
    for (const c of cases) {
      const [method] = c.route.split(" ");
      const res =
        c.body === "file"
          ? await (async () => {
              const m = multipart([{ field: "file", filename: "x.png", contentType: "image/png", body: png }]);
              return t.app.inject({
                method: "PUT",
                url: c.url,
                payload: m.payload,
                headers: { ...m.headers, cookie: me.cookie },
              });
            })()
          : await call(me, method!, c.url, c.body);
      expect(res.statusCode, `${c.route} — ${c.what}: ${res.body}`).toBe(404);
      expect(res.json().error.code, `${c.route} — ${c.what}`).toBe("NOT_FOUND");
    }
    expect(await state()).toEqual(before);

    // The same ids, paired as they belong, work (the 404s above came from the pairing, not the request).
    expect((await call(me, "GET", `${base(A)}/items/${iA.id}`)).statusCode).toBe(200);
    expect((await call(me, "GET", `${base(S)}/items/${iS.id}`)).statusCode).toBe(200);
    expect((await call(me, "DELETE", `${base(A)}/items/${iA.id}/sub-items/${sub(iA)}/media/image`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(me, "PUT", `${base(A)}/order`, { categoryLabel: "arrival", itemIds: [iA2.id, iA.id] })).statusCode,
    ).toBe(204);
    expect((await call(me, "PUT", `${base(B)}/shared/${iS.id}`)).statusCode).toBe(200);
    expect((await call(me, "DELETE", `${base(A)}/shared/${iS.id}`)).statusCode).toBe(200);
    expect(
      (await call(me, "PATCH", `${base(A)}/items/${iA.id}`, { subItems: [{ action: "delete", id: sub(iA) }] }))
        .statusCode,
    ).toBe(200);
  });
});
