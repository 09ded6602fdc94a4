import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSharedContent } from "../../features/shared-content/shared-content.service.ts";
import { bearer, createKeyFor } from "../api-key-probe.ts";
import type { TestApp } from "../app.ts";
import { buildCompany, buildManager, buildProperty, makePng, multipart, type TestUser } from "../factories.ts";
import { guardedRoutes, openHarness } from "./harness.ts";
import { callerOf, OWNED_ID_FIXTURES, ownedItem } from "./owned-ids.ts";
import { VALID_BODIES, VALID_QUERIES } from "./request-bodies.ts";
import { PUBLIC_ROUTES } from "./route-lists.ts";

/**
 * Another account's ids answer 404 (XCUT-15/16): first on every id-taking route at once, by session and by API key
 * (the first test fails, naming the route, when an id has no ownership fixture or a body no entry in VALID_BODIES),
 * then per feature area where an id travels another way: content, company and the lists, analytics, bulk updates,
 * affiliates. The tests share one owner and one stranger and run in order: the company test counts the managers
 * the first test made.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  ({ t, owner, stranger } = await openHarness());
});
afterAll(() => t.close());

const apiRoutes = () => guardedRoutes(t);

describe("authorization harness", () => {
  // Every id-taking route.
  it("answers 404 to another account for every route that takes an owned id", async () => {
    for (const route of apiRoutes()) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      if (params.length === 0 || PUBLIC_ROUTES.has(`${route.method} ${route.url}`)) continue;
      let url = route.url;
      for (const param of params) {
        const fixture = OWNED_ID_FIXTURES[param];
        expect(fixture, `no ownership fixture for :${param} in ${route.method} ${route.url}`).toBeDefined();
        url = url.replace(`:${param}`, encodeURIComponent(await fixture!(t, owner)));
      }
      const key = `${route.method} ${route.url}`;
      const hasBody = route.method !== "GET" && route.method !== "DELETE";
      if (hasBody) expect(VALID_BODIES[key], `no valid body for ${key} in VALID_BODIES`).toBeDefined();
      const res = await t.app.inject({
        method: route.method as "GET",
        url: url + (VALID_QUERIES[key] ?? ""),
        headers: { cookie: stranger.cookie },
        payload: hasBody ? VALID_BODIES[key] : undefined,
      });
      expect(res.statusCode, `${key} as another account`).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answers 404 to another account's API key on every id-taking route open to keys", async () => {
    const strangersKey = (await createKeyFor(t.app, stranger)).key;
    let checked = 0;
    for (const route of apiRoutes().filter((r) => r.apiKeys)) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      if (params.length === 0) continue;
      let url = route.url;
      for (const param of params)
        url = url.replace(`:${param}`, encodeURIComponent(await OWNED_ID_FIXTURES[param]!(t, owner)));
      const key = `${route.method} ${route.url}`;
      const hasBody = route.method !== "GET" && route.method !== "DELETE";
      const res = await t.app.inject({
        method: route.method as "GET",
        url,
        headers: bearer(strangersKey),
        payload: hasBody ? VALID_BODIES[key] : undefined,
      });
      expect(res.statusCode, `${key} with another account's key`).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  // Content: item and sub-item ids paired with the caller's own property, and shared items.
  it("answers 404 to another account that pairs its own property with the owner's item or sub-item ids", async () => {
    const api = (method: string, url: string, payload?: object) =>
      t.app.inject({ method: method as "GET", url, headers: { cookie: stranger.cookie }, payload });
    const own = await OWNED_ID_FIXTURES.propertyId!(t, stranger);
    const ownShared = (await ensureSharedContent(t.ctx, callerOf(stranger))).propertyId;
    const item = await ownedItem(t.ctx, owner);
    const sharedItem = await ownedItem(t.ctx, owner, "shared");
    let checked = 0;
    for (const route of apiRoutes()) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      if (!params.includes("propertyId") || !params.some((p) => p === "itemId" || p === "subItemId")) continue;
      const key = `${route.method} ${route.url}`;
      // The attach routes take a shared item; the others any item. Both of the stranger's properties are tried.
      const target = route.url.includes("/content/shared/") ? sharedItem : item;
      for (const propertyId of [own, ownShared]) {
        const values: Record<string, string> = { propertyId, itemId: target.id, subItemId: target.subItems[0]!.id };
        const url = route.url.replace(/:(\w+)/g, (_, p: string) =>
          encodeURIComponent(values[p] ?? (p === "media" ? "image" : p)),
        );
        const hasBody = route.method !== "GET" && route.method !== "DELETE";
        const res = await api(route.method, url, hasBody ? VALID_BODIES[key] : undefined);
        expect(
          res.statusCode,
          `${key} with the stranger's ${propertyId === own ? "property" : "shared property"}`,
        ).toBe(404);
        checked++;
      }
    }
    // GET/PATCH/DELETE item, item media PUT/DELETE, sub-item media PUT/DELETE, attach and detach, on two properties.
    expect(checked).toBeGreaterThanOrEqual(16);
  });

  it("attaches a shared item to many only within the account: another account's item or property is 404 and none is attached", async () => {
    const api = (payload: object, itemId: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/shared-content/items/${itemId}/properties`,
        headers: { cookie: stranger.cookie },
        payload,
      });
    const own = await OWNED_ID_FIXTURES.propertyId!(t, stranger);
    const owners = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const ownersShared = await ownedItem(t.ctx, owner, "shared");
    const ownShared = await ownedItem(t.ctx, stranger, "shared");
    expect((await api({ propertyIds: [own] }, ownersShared.id)).statusCode).toBe(404);
    const mixed = await api({ propertyIds: [own, owners] }, ownShared.id);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error.code).toBe("NOT_FOUND");
    // One transaction: the stranger's own property, listed first, was not attached either.
    const sharedId = (await ensureSharedContent(t.ctx, callerOf(stranger))).propertyId;
    const attachedTo = async () =>
      (
        await t.app.inject({
          url: `/api/properties/${sharedId}/content/items/${ownShared.id}`,
          headers: { cookie: stranger.cookie },
        })
      ).json().item.attachedPropertyIds;
    expect(await attachedTo()).toEqual([]);
    expect((await api({ propertyIds: [own] }, ownShared.id)).statusCode).toBe(200);
    expect(await attachedTo()).toEqual([own]);
  });

  // Company, properties and managers: the routes without an id.
  it("scopes the routes without an id to the caller's own records: another account's company is 404, lists hold none of it (CO-05, CO-06, MGR-13, HOME-21)", async () => {
    const as = (user: TestUser, method: string, url: string, payload?: object) =>
      t.app.inject({ method: method as "GET", url, headers: { cookie: user.cookie }, payload });
    // The company is the account's own (OPEN-49), so its routes take no id: the stranger, who has none, must not reach the owner's.
    await buildCompany(t.ctx, owner, "Owner Stays");
    const logo = multipart([{ field: "file", filename: "logo.png", contentType: "image/png", body: await makePng() }]);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/company/logo",
      headers: { ...logo.headers, cookie: owner.cookie },
      payload: logo.payload,
    });
    expect(put.statusCode).toBe(204);
    const before = (await as(owner, "GET", "/api/company")).json().company;

    const companyCases: Record<string, object | undefined> = {
      "PATCH /api/company": { brandName: "Hijacked", website: "https://evil.example" },
      "PUT /api/company/logo": {},
      "DELETE /api/company/logo": undefined,
      "PUT /api/company/icon": {},
      "DELETE /api/company/icon": undefined,
    };
    const companyRoutes = apiRoutes()
      .filter((r) => r.url.startsWith("/api/company"))
      .map((r) => `${r.method} ${r.url}`);
    // A new company route needs a case here (GET answers the caller's own null, POST creates the caller's own).
    expect(companyRoutes.filter((key) => key !== "GET /api/company" && key !== "POST /api/company").sort()).toEqual(
      Object.keys(companyCases).sort(),
    );
    for (const [key, payload] of Object.entries(companyCases)) {
      const [method, url] = key.split(" ") as [string, string];
      const res = await as(stranger, method, url, payload);
      expect(res.statusCode, `${key} as another account`).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    expect((await as(stranger, "GET", "/api/company")).json()).toEqual({ company: null });
    expect((await as(owner, "GET", "/api/company")).json().company).toEqual(before);

    // The lists behind home, /properties and /property-managers: the owner has properties and managers, the stranger sees none of them.
    const ownerProperties = (await as(owner, "GET", "/api/properties?limit=100")).json().items as {
      propertyId: string;
    }[];
    const ownerManagers = (await as(owner, "GET", "/api/managers")).json().items as { vanityId: string }[];
    expect(ownerProperties.length).toBeGreaterThan(0);
    expect(ownerManagers.length).toBeGreaterThan(0);
    const strangerProperties = (
      (await as(stranger, "GET", "/api/properties?limit=100")).json().items as { propertyId: string }[]
    ).map((p) => p.propertyId);
    const strangerManagers = ((await as(stranger, "GET", "/api/managers")).json().items as { vanityId: string }[]).map(
      (m) => m.vanityId,
    );
    for (const p of ownerProperties) expect(strangerProperties).not.toContain(p.propertyId);
    const strangerIds = (await as(stranger, "GET", "/api/property-ids")).json().ids as string[];
    for (const p of ownerProperties) expect(strangerIds).not.toContain(p.propertyId);
    for (const m of ownerManagers) expect(strangerManagers).not.toContain(m.vanityId);
  });

  // Analytics: a property id in the query string.
  it("answers 404 to another account's property id sent in a query string (ANL-06)", async () => {
    const ownersProperty = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const withPropertyQuery = ["/api/analytics/visits", "/api/analytics/sections", "/api/activity"];
    const cases = withPropertyQuery.map((path) => `${path}?from=2026-01-01&to=2026-01-07&propertyId=${ownersProperty}`);
    // Every route that reads a property id from its query string needs a case here.
    expect(apiRoutes().filter((r) => withPropertyQuery.includes(r.url))).toHaveLength(cases.length);
    for (const url of cases) {
      const res = await t.app.inject({ url, headers: { cookie: stranger.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
      const own = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(own.statusCode, url).toBe(200);
    }
  });

  // Content and properties: ids in request bodies.
  it("answers 404 to ids of another account sent in request bodies", async () => {
    const api = (method: "PUT" | "PATCH", url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: stranger.cookie }, payload });
    const ownersItem = await ownedItem(t.ctx, owner);
    const ownersSub = ownersItem.subItems[0]!;
    const ownersManager = await buildManager(t.ctx, owner);
    const strangersItem = await ownedItem(t.ctx, stranger);
    const own = strangersItem.propertyId;
    const content = `/api/properties/${own}/content`;
    const cases: [string, Awaited<ReturnType<typeof api>>][] = [
      [
        "order: the owner's item ids",
        await api("PUT", `${content}/order`, { categoryLabel: "arrival", itemIds: [ownersItem.id] }),
      ],
      [
        "order: own and the owner's item ids",
        await api("PUT", `${content}/order`, { categoryLabel: "arrival", itemIds: [strangersItem.id, ownersItem.id] }),
      ],
      [
        "save: update the owner's sub-item",
        await api("PATCH", `${content}/items/${strangersItem.id}`, {
          subItems: [{ action: "update", id: ownersSub.id, detailText: "Hijacked" }],
        }),
      ],
      [
        "save: delete the owner's sub-item",
        await api("PATCH", `${content}/items/${strangersItem.id}`, {
          subItems: [{ action: "delete", id: ownersSub.id }],
        }),
      ],
      [
        "property: the owner's manager",
        await api("PATCH", `/api/properties/${own}`, { managerVanityId: ownersManager.vanityId }),
      ],
    ];
    for (const [what, res] of cases) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    const after = await t.app.inject({
      url: `/api/properties/${ownersItem.propertyId}/content/items/${ownersItem.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(after.json().item.subItems).toEqual([expect.objectContaining({ id: ownersSub.id, detailText: "Sub" })]);
  });

  // Bulk updates.
  it("reports another account's property ids in a bulk update as not found, and changes neither them nor its manager's links (BULK-04)", async () => {
    const ownersProperty = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const ownersManager = await buildManager(t.ctx, owner);
    const strangers = (await buildProperty(t.app, stranger)).propertyId;
    const run = (key: string, values: string, propertyIds = `${ownersProperty}, ${strangers}`) =>
      t.app.inject({
        method: "POST",
        url: "/api/bulk-updates",
        headers: { cookie: stranger.cookie },
        payload: { propertyIds, key, values, apply: true },
      });
    const res = await run("Published", "off");
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { status: string; title: string | null }) => [r.status, r.title])).toEqual([
      ["not-found", null],
      ["updated", expect.any(String)],
    ]);
    // The owner's manager cannot be linked to the stranger's property either.
    expect((await run("LinkedManager", ownersManager.vanityId, strangers)).statusCode).toBe(400);
    const owners = await t.app.inject({ url: `/api/properties/${ownersProperty}`, headers: { cookie: owner.cookie } });
    expect(owners.json().property.published).toBe(true);
  });

  // Affiliates.
  it("keeps affiliates to their own figures and out of hosts' data, and hosts out of affiliate data (AFF-09, AFF-12, XCUT-09)", async () => {
    const signUp = async (firstName: string) => {
      const email = `harness-aff-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/create-affiliate-account",
        payload: { firstName, email, password: "correct-horse-battery" },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    };
    const [first, second] = [await signUp("Ada"), await signUp("Bea")];
    const as = (cookie: string, method: string, url: string, payload?: object) =>
      t.app.inject({ method: method as "GET", url, headers: { cookie }, payload });
    const firstLabel = (await as(first, "GET", "/api/affiliate")).json().trackingLabel as string;
    const secondLabel = (await as(second, "GET", "/api/affiliate")).json().trackingLabel as string;
    expect(firstLabel).not.toBe(secondLabel);
    // The affiliate routes take no id: each answers the caller's own record, so a second affiliate cannot name the first's.
    const affiliateRoutes = apiRoutes()
      .filter((r) => r.url.startsWith("/api/affiliate"))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(affiliateRoutes).toEqual([
      "GET /api/affiliate",
      "GET /api/affiliate/assets",
      "GET /api/affiliate/stats",
      "PATCH /api/affiliate/payment-details",
    ]);
    await as(first, "PATCH", "/api/affiliate/payment-details", { payPalEmail: "ada@example.com" });
    expect((await as(second, "GET", "/api/affiliate")).json().payPalEmail).toBeNull();
    expect((await as(second, "GET", "/api/affiliate/stats?label=" + firstLabel)).json().trialsStarted).toBe(0);
    // A host has no affiliate record: every affiliate route is not found.
    for (const key of affiliateRoutes) {
      const [method, url] = key.split(" ") as [string, string];
      const res = await as(
        owner.cookie,
        method,
        url,
        method === "PATCH" ? { payPalEmail: "x@example.com" } : undefined,
      );
      expect(res.statusCode, `${key} as a host`).toBe(404);
    }
    // An affiliate reaches no host's property.
    const ownersProperty = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    expect((await as(first, "GET", `/api/properties/${ownersProperty}`)).statusCode).toBe(404);
    // The public partner page names the affiliate and nothing else.
    const page = await t.app.inject({ url: `/api/partners/${firstLabel}` });
    expect(Object.keys(page.json()).sort()).toEqual(["label", "landing", "logoUrl", "name"]);
  });
});
