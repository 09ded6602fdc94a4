import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context.ts";
import { createProperty } from "../features/properties/property.service.ts";
import { createContentItem } from "../features/content/content.service.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { CARDS, subscribe } from "../features/billing/billing-test-helpers.ts";
import { buildManager, buildUser, setAccountState, type TestUser } from "./factories.ts";

/**
 * The authorization harness (issue: walking skeleton, XCUT-15/16). It enumerates every route Fastify
 * registered and proves (a) anonymous callers get 401 unless the route is on this explicit allow-list,
 * and (b) a route that takes an owned id answers 404 to another account. New public routes must be added
 * here on purpose; new id parameters need an ownership fixture below, or this test fails.
 */
const PUBLIC_ROUTES = new Set([
  "GET /api/health",
  "GET /api/ready",
  "GET /api/config",
  "GET /api/openapi.json",
  "POST /api/auth/sign-up",
  "POST /api/auth/login",
  "POST /api/auth/login-token",
  "POST /api/auth/logout",
  "POST /api/auth/forgot-password",
  "POST /api/auth/reset-password",
  "GET /api/test/outbox", // exists only when NODE_ENV=test
  "POST /api/test/end-trial", // exists only when NODE_ENV=test
  "GET /api/reference/languages",
  "GET /q/:propertyId", // printed QR codes: a redirect to the public guide
  "GET /files/*", // unguessable server-generated keys, like the original's file URLs
  "POST /api/billing/webhook/stripe", // Stripe calls it; verified by signature, not a session (IMPL-14)
  // Guest guide (issue 5): the public guide, its passcode form, install files and visit reports.
  "GET /g/:propertyId",
  "POST /g/:propertyId/unlock",
  "GET /g/:propertyId/manifest.webmanifest",
  "GET /g/:propertyId/sw.js",
  "GET /g/_/:asset",
  "POST /api/guide/visits",
  "GET /api/guide/:propertyId", // the guide as guest-safe data (IMPL-02)
]);

/** Creates a resource owned by `owner` and returns the value for that path parameter. */
type OwnedIdFixture = (t: Pick<TestApp, "app" | "ctx">, owner: TestUser) => Promise<string>;
const OWNED_ID_FIXTURES: Record<string, OwnedIdFixture> = {
  vanityId: async ({ ctx }, owner) => (await buildManager(ctx, owner)).vanityId,
  propertyId: async ({ ctx }, owner) => {
    const propertyId = `harness-${Math.random().toString(36).slice(2, 10)}`;
    await createProperty(ctx, { userId: owner.id, accountId: owner.accountId, sessionId: "harness" }, { title: "Owned", propertyId });
    return propertyId;
  },
  // Content issue: an item (and a sub-item) on a property of the owner; category and media kind are not secret.
  itemId: async ({ ctx }, owner) => (await ownedItem(ctx, owner)).id,
  subItemId: async ({ ctx }, owner) => (await ownedItem(ctx, owner)).subItems[0]!.id,
  // Billing issue: a paid local-gateway invoice (the trial ended, so subscribing charges at once).
  invoiceId: async ({ app, ctx }, owner) => {
    const invoices = async () => (await app.inject({ url: "/api/billing/invoices", headers: { cookie: owner.cookie } })).json().items as { id: string }[];
    if ((await invoices()).length === 0) {
      await setAccountState(ctx, owner.accountId, { trialEndsAt: new Date(ctx.now().getTime() - 1000) });
      const res = await subscribe(app, owner, CARDS.ok);
      if (res.statusCode !== 201) throw new Error(`harness: subscribe failed: ${res.body}`);
    }
    return (await invoices())[0]!.id;
  },
  categoryLabel: async () => "arrival",
  media: async () => "image",
  // Later issues add: conversationId, …
};

/** A content item with one text sub-item on a fresh property of `owner`. */
async function ownedItem(ctx: AppContext, owner: TestUser) {
  const caller = { userId: owner.id, accountId: owner.accountId, sessionId: "harness" };
  const propertyId = `harness-${Math.random().toString(36).slice(2, 10)}`;
  await createProperty(ctx, caller, { title: "Owned", propertyId });
  return createContentItem(ctx, caller, propertyId, {
    categoryLabel: "arrival", templateLabel: null, title: "Owned item", detailText: "", describe: null, locate: null, operate: null,
    webLink: null, what3words: null, showWhat3words: false, featured: false, translations: [],
    subItems: [{ action: "create", type: "text", detailText: "Sub" }],
  });
}

/** A valid body for each id-taking route that has one, so the 404 comes from ownership, not validation. */
const VALID_BODIES: Record<string, object> = {
  "PATCH /api/managers/:vanityId": { firstName: "X" },
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "PUT /api/managers/:vanityId/photo": {},
  "PATCH /api/properties/:propertyId": { title: "Hijacked" },
  "PUT /api/properties/:propertyId/passcode": { passcode: "123456" },
  "PUT /api/properties/:propertyId/cover": {},
  "PUT /api/properties/:propertyId/content/order": { categoryLabel: "arrival", itemIds: ["00000000-0000-4000-8000-000000000000"] },
  "POST /api/properties/:propertyId/content/items": { categoryLabel: "arrival", title: "Hijacked" },
  "PATCH /api/properties/:propertyId/content/items/:itemId": { title: "Hijacked" },
  "PUT /api/properties/:propertyId/content/items/:itemId/media/:media": {},
  "PUT /api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media": {},
  "PUT /api/properties/:propertyId/content/shared/:itemId": {},
  // Guest guide (issue 5): the owner's preview link takes no body.
  "POST /api/properties/:propertyId/preview-link": {},
};

const isDocsRoute = (url: string) => url.startsWith("/api/docs");

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t.ctx);
  stranger = await buildUser(t.ctx);
});
afterAll(() => t.close());

const apiRoutes = () => t.routes.filter((r) => r.method !== "HEAD" && !isDocsRoute(r.url));

describe("authorization harness", () => {
  it("finds the routes it is meant to guard", () => {
    expect(apiRoutes().length).toBeGreaterThan(10);
  });

  it("answers 401 to anonymous callers on every route not on the public allow-list", async () => {
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      expect(route.public, `${key} is marked public but is not on the allow-list`).toBe(false);
      const url = route.url.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000").replace("*", "x");
      const res = await t.app.inject({ method: route.method as "GET", url, payload: route.method === "GET" || route.method === "DELETE" ? undefined : {} });
      expect(res.statusCode, key).toBe(401);
      expect(res.json().error.code, key).toBe("UNAUTHENTICATED");
    }
  });

  it("has every allow-listed public route registered (the list stays honest)", () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    for (const key of PUBLIC_ROUTES) expect(registered.has(key), key).toBe(true);
  });

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
        url,
        headers: { cookie: stranger.cookie },
        payload: hasBody ? VALID_BODIES[key] : undefined,
      });
      expect(res.statusCode, `${key} as another account`).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });
});
