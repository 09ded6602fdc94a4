import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { ROLES, roleAllows, type Permission, type Role } from "@doorstep/shared/rules/permissions";
import type { AppContext } from "../app-context.ts";
import { propertyRowOf } from "../features/properties/property.service.ts";
import { duplicateProperty } from "../commands/duplicate-property.ts";
import { settlePropertyCopies } from "../features/property-copies/property-copy.service.ts";
import { createProperty } from "../features/properties/property.service.ts";
import { createContentItem } from "../features/content/content.service.ts";
import { ensureSharedContent } from "../features/shared-content/shared-content.service.ts";
import { createProfile } from "../features/local-area/local-area.service.ts";
import { addPlace } from "../features/local-area/local-places.service.ts";
import { createStay, updateStay } from "../features/stays/stays.service.ts";
import { createMessageRule } from "../features/scheduled-messages/message-rules.service.ts";
import { getStayMessages, planRuleMessages } from "../features/scheduled-messages/scheduled-messages.service.ts";
import { addStayFeed } from "../features/stay-feeds/stay-feeds.service.ts";
import { referralRewards, rewardPayouts } from "../db/schema/referrals.ts";
import { stayFeeds } from "../db/schema/stay-feeds.ts";
import { bearer, createKeyFor, registerKeyProbe } from "./api-key-probe.ts";
import { createOfferFor, LATE_CHECK_OUT, orderFromLink, stayWithToken } from "./store-helpers.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { CARDS, subscribe } from "./billing-helpers.ts";
import {
  buildCompany,
  buildManager,
  buildMember,
  buildProperty,
  buildUser,
  makePng,
  multipart,
  publishProperty,
  setAccountState,
  uniqueEmail,
  type TestUser,
} from "./factories.ts";

/**
 * The authorization harness (XCUT-15/16). It enumerates every route Fastify
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
  "POST /api/auth/create-affiliate-account", // AFF-02…04: logged-out affiliate sign-up
  "GET /api/partners/:label", // AFF-05…09: the partner page; name, logo and label only
  "GET /api/test/outbox", // exists only when NODE_ENV=test
  "POST /api/test/end-trial", // exists only when NODE_ENV=test
  "GET /api/reference/languages",
  "GET /q/:propertyId", // printed QR codes: a redirect to the public guide
  "GET /r", // referral links: counts the click, redirects to the marketing site (XCUT-06, REF-11)
  "GET /files/*", // unguessable server-generated keys, like the original's file URLs
  "POST /api/billing/webhook/stripe", // Stripe calls it; verified by signature, not a session (IMPL-14)
  // Guest guide: the public guide, its passcode form, install files, visit and section reports.
  "GET /g/:propertyId",
  "POST /g/:propertyId/unlock",
  "GET /g/:propertyId/manifest.webmanifest",
  "GET /g/:propertyId/sw.js",
  "GET /g/_/:asset",
  "POST /api/guide/visits",
  "POST /api/guide/engagement", // section analytics beacon
  "GET /api/guide/:propertyId", // the guide as guest-safe data (IMPL-02)
  // Guest messaging (GUIDE-18/19): the guest's own thread, by their sealed cookie; guest isolation is tested below.
  "GET /g/:propertyId/messages",
  "POST /g/:propertyId/messages",
  "GET /api/guide/:propertyId/messages",
  "GET /api/guide/:propertyId/messages/events",
  "POST /api/guide/:propertyId/messages/push",
  "DELETE /api/guide/:propertyId/messages/push",
  "GET /g/:propertyId/messages/files/:fileId",
  // A stay's own guide: the unguessable token is the key (decision 042); unknown tokens are rate-limited.
  "GET /s/:token",
  "GET /api/stay-guide/:token", // the same as data
  "GET /s/:token/sw.js", // the link's offline worker (decision 043): the same script for any token, reads nothing
  // The guest store on a stay link (decision 053): the token is the key, as for the stay's guide.
  "GET /api/stay-store/:token",
  "GET /s/:token/extras", // the store's page on the stay link
  "POST /api/stay-store/:token/orders",
  "POST /api/store/webhook/stripe", // Stripe calls it; verified by signature
  // The stay link's messages page: the same key; its messages belong to the stay (decision 050).
  "GET /s/:token/messages",
  "POST /s/:token/messages",
  "GET /s/:token/messages/thread", // the page's script reads the stay's conversation
  "GET /s/:token/messages/events",
  // One-click unsubscribe from a stay's scheduled messages, by the same key (decision 050).
  "GET /unsubscribe/:key", // the emails' address: the stay id signed with the server's key
  "POST /unsubscribe/:key",
  "GET /s/:token/unsubscribe",
  "POST /s/:token/unsubscribe",
  "POST /api/sms/status", // Twilio's delivery reports: checked by Twilio's signature, not a session
  // Teams (decision 057): the invitation link's unguessable token is the key; joining is sign-up's rate limit.
  "POST /api/join/check",
  "POST /api/join",
]);

/**
 * The routes an API key may call (decision 039): every other /api route answers a key 401, public ones too.
 * A route joins this list on purpose, like the public list above.
 */
const API_KEY_ROUTES = new Set([
  // The stays API, for property-management systems.
  "GET /api/stays",
  "POST /api/stays",
  "GET /api/stays/:stayId",
  "PATCH /api/stays/:stayId",
  "POST /api/stays/:stayId/cancel",
  // The probe exists only in this test app (test/api-key-probe.ts): it proves the opt-in and Idempotency-Key.
  "GET /api/test/key-probe/properties/:propertyId",
  "POST /api/test/key-probe/notes",
]);

/** Creates a resource owned by `owner` and returns the value for that path parameter. */
type OwnedIdFixture = (t: Pick<TestApp, "app" | "ctx">, owner: TestUser) => Promise<string>;
const OWNED_ID_FIXTURES: Record<string, OwnedIdFixture> = {
  vanityId: async ({ ctx }, owner) => (await buildManager(ctx, owner)).vanityId,
  propertyId: async ({ app, ctx }, owner) => {
    const propertyId = `harness-${Math.random().toString(36).slice(2, 10)}`;
    await createProperty(
      ctx,
      { userId: owner.id, accountId: owner.accountId, sessionId: "harness" },
      { title: "Owned", propertyId },
    );
    // Published, so its guide takes guests' messages (a new property is a draft, decision 020).
    await publishProperty(app, owner, propertyId);
    return propertyId;
  },
  // Duplicating a guide: a copy of one of the owner's properties.
  copyId: async (t, owner) => {
    const source = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const caller = { userId: owner.id, accountId: owner.accountId, sessionId: "harness" };
    const made = await duplicateProperty(t.ctx, caller, source, { title: "Copy", propertyId: `${source}-copy` });
    await settlePropertyCopies(t.ctx);
    return made.id;
  },
  // Messaging: a guest's conversation on a property of the owner, and a file the guest attached.
  conversationId: async (t, owner) => (await ownedConversation(t, owner)).conversationId,
  fileId: async (t, owner) => (await ownedConversation(t, owner)).fileId,
  // Content: an item (and a sub-item) on a property of the owner; category and media kind are not secret.
  itemId: async ({ ctx }, owner) => (await ownedItem(ctx, owner)).id,
  subItemId: async ({ ctx }, owner) => (await ownedItem(ctx, owner)).subItems[0]!.id,
  // Billing issue: a paid local-gateway invoice (the trial ended, so subscribing charges at once).
  invoiceId: async ({ app, ctx }, owner) => {
    const invoices = async () =>
      (await app.inject({ url: "/api/billing/invoices", headers: { cookie: owner.cookie } })).json().items as {
        id: string;
      }[];
    if ((await invoices()).length === 0) {
      await setAccountState(ctx, owner.accountId, { trialEndsAt: new Date(ctx.now().getTime() - 1000) });
      const res = await subscribe(app, owner, CARDS.ok);
      if (res.statusCode !== 201) throw new Error(`harness: subscribe failed: ${res.body}`);
    }
    return (await invoices())[0]!.id;
  },
  // Referrals: a confirmed reward of the owner's for a friend they referred, its first instalment claimable.
  rewardId: async ({ ctx }, owner) => {
    const friend = await buildUser(ctx);
    const now = ctx.now();
    const [reward] = await ctx.db
      .insert(referralRewards)
      .values({
        referrerUserId: owner.id,
        referrerAccountId: owner.accountId,
        referredAccountId: friend.accountId,
        status: "confirmed",
        amount: 2000,
        currency: "usd",
        cycle: "annual",
        firstPaidAt: now,
        confirmableAt: now,
        confirmedAt: now,
      })
      .returning();
    await ctx.db.insert(rewardPayouts).values({
      beneficiaryAccountId: owner.accountId,
      referralRewardId: reward!.id,
      sequence: 0,
      amount: 2000,
      currency: "usd",
      status: "claimable",
      dueAt: now,
      claimableAt: now,
      expiresAt: new Date(now.getTime() + 90 * 86_400_000),
    });
    return reward!.id;
  },
  categoryLabel: async () => "arrival",
  media: async () => "image",
  // Local area: a profile (by label, and by id for attaching) and a place on it.
  label: async (t, owner) => (await ownedProfile(t, owner)).label,
  profileId: async (t, owner) => (await ownedProfile(t, owner)).id,
  placeId: async (t, owner) => (await ownedProfile(t, owner)).placeId,
  // API keys: one of the owner's keys.
  apiKeyId: async ({ app }, owner) => (await createKeyFor(app, owner)).apiKey.id,
  // Stays: a stay on a property of the owner.
  stayId: async (t, owner) => {
    const propertyId = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const day = (n: number) => new Date(t.ctx.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    const { stay } = await createStay(t.ctx, owner.accountId, {
      propertyId,
      guestFirstName: "Owned",
      guestLastName: "Guest",
      adults: 2,
      children: 0,
      checkInDate: day(3),
      checkOutDate: day(5),
    });
    return stay.id;
  },
  // Calendar feeds: one on a property of the owner (never fetched here).
  feedId: async (t, owner) => {
    const propertyId = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    return (
      await addStayFeed(t.ctx, owner.accountId, propertyId, { url: "https://feeds.test/a.ics", channel: "Owned" })
    ).id;
  },
  // Guest store: an offer of the owner's, and an order a guest placed on it from their stay link.
  offerId: async ({ app }, owner) => (await createOfferFor(app, owner)).id,
  orderId: async ({ app, ctx }, owner) => {
    const offer = await createOfferFor(app, owner);
    const { token } = await stayWithToken(app, ctx, owner);
    const res = await orderFromLink(app, token, { offerId: offer.id, slotTime: "13:00" });
    if (res.statusCode !== 201) throw new Error(`harness: order failed: ${res.body}`);
    return res.json().order.id as string;
  },
  // Scheduled messages: one of the owner's rules, and a message of it for one of the owner's stays.
  ruleId: async (t, owner) => (await ownedScheduledMessage(t, owner)).ruleId,
  messageId: async (t, owner) => (await ownedScheduledMessage(t, owner)).messageId,
  // Later issues add: conversationId, …
  // The account's data archive: a name that has the link's form (the route answers 404 for another account's).
  name: async () => `${Date.now() + 3_600_000}-${"a".repeat(43)}.tar.gz`,
  // Teams: a pending invitation and a member of the owner's account.
  invitationId: async ({ app }, owner) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/team/invitations",
      headers: { cookie: owner.cookie },
      payload: { email: uniqueEmail("invitee"), role: "viewer", propertyIds: null },
    });
    return res.json().invitation.id;
  },
  memberId: async ({ ctx }, owner) => (await buildMember(ctx, owner, "editor")).id,
};

async function ownedScheduledMessage(t: Pick<TestApp, "app" | "ctx">, owner: TestUser) {
  const stayId = await OWNED_ID_FIXTURES.stayId!(t, owner);
  await updateStay(t.ctx, owner.accountId, stayId, { guestEmail: "owned@example.com" });
  const rule = await createMessageRule(t.ctx, callerOf(owner), {
    name: "Owned",
    trigger: "before-check-in",
    days: 1,
    atTime: "10:00",
    propertyIds: null,
    channel: "email",
    texts: { en: { subject: "Owned", body: "Owned" } },
    active: true,
  });
  // The rule's background planning, run here as its job would.
  await planRuleMessages(t.ctx, rule.id);
  const timeline = await getStayMessages(t.ctx, owner.accountId, stayId);
  return { ruleId: rule.id, messageId: timeline.items.find((m) => m.ruleId === rule.id)!.id };
}

const callerOf = (user: TestUser) => ({ userId: user.id, accountId: user.accountId, sessionId: "harness" });

/** A content item with one text sub-item on a fresh property of `owner` (or on its shared-content property). */
async function ownedItem(ctx: AppContext, owner: TestUser, where: "property" | "shared" = "property") {
  const caller = callerOf(owner);
  let propertyId = `harness-${Math.random().toString(36).slice(2, 10)}`;
  if (where === "shared") propertyId = (await ensureSharedContent(ctx, caller)).propertyId;
  else await createProperty(ctx, caller, { title: "Owned", propertyId });
  const item = await createContentItem(ctx, caller, propertyId, {
    categoryLabel: "arrival",
    templateLabel: null,
    title: "Owned item",
    detailText: "",
    describe: null,
    locate: null,
    operate: null,
    webLink: null,
    what3words: null,
    showWhat3words: false,
    featured: false,
    restricted: false,
    passwordRestricted: false,
    translations: [],
    subItems: [{ action: "create", type: "text", detailText: "Sub" }],
  });
  return { ...item, propertyId };
}

/** A guest writes, with a photo, to a property of `owner` that takes messages; returns the ids and the guest. */
async function ownedConversation(t: Pick<TestApp, "app" | "ctx">, owner: TestUser) {
  const propertyId = await OWNED_ID_FIXTURES.propertyId!(t, owner);
  await t.app.inject({
    method: "PATCH",
    url: `/api/properties/${propertyId}`,
    headers: { cookie: owner.cookie },
    payload: { inboundMessagingActive: true },
  });
  const form = multipart([{ field: "files", filename: "a.png", contentType: "image/png", body: await makePng() }], {
    firstName: "Guest",
    lastName: "One",
    message: "Hello",
  });
  const sent = await t.app.inject({
    method: "POST",
    url: `/g/${propertyId}/messages`,
    payload: form.payload,
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
    headers: { ...form.headers, accept: "application/json" },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const guestCookie = String(sent.headers["set-cookie"]).split(";")[0]!;
  const list = await t.app.inject({ url: "/api/conversations", headers: { cookie: owner.cookie } });
  const conversationId = list.json().items.find((c: { propertyId: string }) => c.propertyId === propertyId).id;
  return { propertyId, conversationId, fileId: sent.json().message.files[0].id as string, guestCookie };
}

/** A local-area profile of `owner` in Brighton (the offline gazetteer) with one custom place. */
async function ownedProfile(t: Pick<TestApp, "app" | "ctx">, owner: TestUser) {
  const caller = callerOf(owner);
  const [town] = await t.ctx.places.search("Brighton");
  const profile = await createProfile(t.ctx, caller, { title: "Harness", placeId: town!.placeId });
  const place = await addPlace(
    t.ctx,
    caller,
    { profileLabel: profile.label },
    {
      source: "custom",
      categoryLabel: "cafes",
      title: "Owned place",
      detailText: "",
      webLink: null,
      phone: null,
      address: null,
      lat: null,
      lng: null,
      translations: [],
    },
  );
  return { label: profile.label, id: profile.id, placeId: place.id };
}

/** A valid body for each id-taking route that has one, so the 404 comes from ownership, not validation. */
const VALID_BODIES: Record<string, object> = {
  "POST /api/referrals/rewards/:rewardId/claim": {},
  "PATCH /api/managers/:vanityId": { firstName: "X" },
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "PUT /api/managers/:vanityId/photo": {},
  "PATCH /api/properties/:propertyId": { title: "Hijacked" },
  "PUT /api/properties/:propertyId/passcode": { passcode: "123456" },
  "PUT /api/properties/:propertyId/cover": {},
  "PUT /api/properties/:propertyId/content/order": {
    categoryLabel: "arrival",
    itemIds: ["00000000-0000-4000-8000-000000000000"],
  },
  "POST /api/properties/:propertyId/content/items": { categoryLabel: "arrival", title: "Hijacked" },
  "PATCH /api/properties/:propertyId/content/items/:itemId": { title: "Hijacked" },
  "PUT /api/properties/:propertyId/content/items/:itemId/media/:media": {},
  "PUT /api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media": {},
  "PUT /api/properties/:propertyId/content/shared/:itemId": {},
  "POST /api/shared-content/items/:itemId/properties": { propertyIds: ["harness-none"] },
  "POST /api/properties/:propertyId/duplicate": {
    title: "Hijacked",
    propertyId: `harness-dup-${Math.random().toString(36).slice(2, 10)}`,
  },
  "POST /api/property-copies/:copyId/retry": {},
  "PATCH /api/conversations/:conversationId": { blocked: true },
  "POST /api/conversations/:conversationId/read": { messageIds: ["00000000-0000-4000-8000-000000000000"] },
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "POST /api/conversations/:conversationId/messages": {},
  "POST /api/local-area-profiles/:label/places": { source: "custom", categoryLabel: "cafes", title: "Hijacked" },
  "PUT /api/local-area-profiles/:label/places/order": {
    categoryLabel: "cafes",
    placeIds: ["00000000-0000-4000-8000-000000000000"],
  },
  "PUT /api/properties/:propertyId/local-area-profiles/:profileId": {},
  "POST /api/properties/:propertyId/places": { source: "custom", categoryLabel: "cafes", title: "Hijacked" },
  "PUT /api/properties/:propertyId/places/order": {
    categoryLabel: "cafes",
    placeIds: ["00000000-0000-4000-8000-000000000000"],
  },
  "PATCH /api/local-places/:placeId": { title: "Hijacked" },
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "PUT /api/local-places/:placeId/image": {},
  // Guest guide: the owner's preview link takes no body.
  "POST /api/properties/:propertyId/preview-link": {},
  "POST /api/api-keys/:apiKeyId/revoke": {},
  "POST /api/test/key-probe/notes": { text: "Hijacked" },
  "PATCH /api/stays/:stayId": { notes: "Hijacked" },
  "POST /api/stays/:stayId/cancel": {},
  // Guest links: a new link, sending it and "Show details now" take no body.
  "POST /api/stays/:stayId/link": {},
  "POST /api/stays/:stayId/link/send": {},
  "POST /api/stays/:stayId/release": {},
  "POST /api/properties/:propertyId/stay-feeds": { url: "https://feeds.test/hijack.ics", channel: "Hijacked" },
  "PATCH /api/stay-feeds/:feedId": { channel: "Hijacked" },
  "POST /api/stay-feeds/:feedId/sync": {},
  "PUT /api/store/offers/:offerId": LATE_CHECK_OUT,
  // A multipart route: the harness sends JSON, and ownership is checked before the upload is read.
  "PUT /api/store/offers/:offerId/photo": {},
  "POST /api/orders/:orderId/approve": {},
  "POST /api/orders/:orderId/decline": { note: "Hijacked" },
  "POST /api/orders/:orderId/refund": {},
  "PUT /api/message-rules/:ruleId": {
    name: "Hijacked",
    trigger: "booked",
    texts: { en: { subject: "Hijacked", body: "Hijacked" } },
  },
  "POST /api/scheduled-messages/:messageId/retry": {},
  "POST /api/team/invitations/:invitationId/resend": {},
  "PATCH /api/team/members/:memberId": { role: "viewer", propertyIds: null },
};

/** A valid query string for each id-taking GET that needs one, so the 404 comes from ownership. */
const VALID_QUERIES: Record<string, string> = {
  "GET /api/properties/:propertyId/stays": "?from=2027-03-01&to=2027-03-31",
};

const isDocsRoute = (url: string) => url.startsWith("/api/docs");

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp({ routes: (app, ctx) => void registerKeyProbe(app, ctx) });
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
      const res = await t.app.inject({
        method: route.method as "GET",
        url,
        payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
      });
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
        url: url + (VALID_QUERIES[key] ?? ""),
        headers: { cookie: stranger.cookie },
        payload: hasBody ? VALID_BODIES[key] : undefined,
      });
      expect(res.statusCode, `${key} as another account`).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answers an API key 401 API_KEY_NOT_ALLOWED on every /api route not open to keys, and keeps the list honest", async () => {
    const { key } = await createKeyFor(t.app, owner);
    const keyRoutes = apiRoutes().filter((r) => r.apiKeys);
    expect(new Set(keyRoutes.map((r) => `${r.method} ${r.url}`))).toEqual(API_KEY_ROUTES);
    for (const route of apiRoutes()) {
      if (route.apiKeys || !route.url.startsWith("/api/")) continue;
      const key_ = `${route.method} ${route.url}`;
      const url = route.url.replace(/:(\w+)/g, "00000000-0000-4000-8000-000000000000").replace("*", "x");
      const res = await t.app.inject({
        method: route.method as "GET",
        url,
        headers: bearer(key),
        payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
      });
      expect(res.statusCode, key_).toBe(401);
      expect(res.json().error.code, key_).toBe("API_KEY_NOT_ALLOWED");
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

  it("keeps each guest's thread and files to that guest: another guest, or none, sees nothing of it (GUIDE-19)", async () => {
    const { propertyId, fileId, guestCookie } = await ownedConversation(t, owner);
    const as = (cookie: string | undefined, url: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
    const mine = (await as(guestCookie, `/api/guide/${propertyId}/messages`)).json();
    expect(mine.messages).toHaveLength(1);
    expect((await as(guestCookie, `/g/${propertyId}/messages/files/${fileId}`)).statusCode).toBe(200);
    // Another guest of the same guide, a forged cookie, no cookie, and the owner's dashboard session.
    const other = (await ownedConversation(t, stranger)).guestCookie;
    for (const cookie of [other, "dsm=forged", undefined, owner.cookie]) {
      expect((await as(cookie, `/api/guide/${propertyId}/messages`)).json().messages).toEqual([]);
      expect((await as(cookie, `/g/${propertyId}/messages/files/${fileId}`)).statusCode).toBe(404);
      expect((await as(cookie, `/g/${propertyId}/messages`)).body).not.toContain("Hello");
    }
  });

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

  it("keeps each stay link's store to its stay: another stay's link sees none of its orders, another account's offer cannot be ordered", async () => {
    const offer = await createOfferFor(t.app, owner);
    const first = await stayWithToken(t.app, t.ctx, owner);
    const second = await stayWithToken(t.app, t.ctx, owner, { propertyId: first.propertyId });
    const placed = await orderFromLink(t.app, first.token, { offerId: offer.id, slotTime: "13:00" });
    expect(placed.statusCode).toBe(201);
    const other = (await t.app.inject({ url: `/api/stay-store/${second.token}` })).json();
    expect(other.orders).toEqual([]);
    expect(JSON.stringify(other)).not.toContain(placed.json().order.id);
    // The stranger's stay link cannot order the owner's offer, nor see it.
    const strangers = await stayWithToken(t.app, t.ctx, stranger);
    expect((await t.app.inject({ url: `/api/stay-store/${strangers.token}` })).json().offers).toEqual([]);
    const cross = await orderFromLink(t.app, strangers.token, { offerId: offer.id, slotTime: "13:00" });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.message).toBe(copy.storeErrors.offerUnavailable);
    // The owner's order by the stranger's session: 404 (the harness above), and no token answers another's.
    expect((await t.app.inject({ url: `/api/stay-store/${"A".repeat(32)}` })).statusCode).toBe(404);
  });
});

/**
 * The role matrix (decision 056): every route's declared permission, reviewed here, so a change of what a role may
 * do is a visible change of this table. A new route that declares none stops the app from starting; a new route
 * that declares one fails the first test below until it is listed.
 */
const ROUTE_PERMISSIONS: Record<string, Permission> = {
  "PUT /api/me/password": "self",
  "GET /api/me": "self",
  "PATCH /api/me": "self",
  "PUT /api/me/email": "self",
  "PUT /api/me/photo": "self",
  "GET /api/managers": "properties:read",
  "POST /api/managers": "settings:write",
  "GET /api/managers/:vanityId": "properties:read",
  "PATCH /api/managers/:vanityId": "settings:write",
  "DELETE /api/managers/:vanityId": "settings:write",
  "PUT /api/managers/:vanityId/photo": "settings:write",
  "DELETE /api/managers/:vanityId/photo": "settings:write",
  "GET /api/company": "properties:read",
  "POST /api/company": "settings:write",
  "PATCH /api/company": "settings:write",
  "PUT /api/company/logo": "settings:write",
  "DELETE /api/company/logo": "settings:write",
  "PUT /api/company/icon": "settings:write",
  "DELETE /api/company/icon": "settings:write",
  "GET /api/properties": "properties:read",
  "GET /api/property-ids": "properties:read",
  "POST /api/properties/weblink-check": "properties:write",
  "POST /api/properties": "properties:manage",
  "GET /api/properties/:propertyId": "properties:read",
  "PATCH /api/properties/:propertyId": "properties:write",
  "DELETE /api/properties/:propertyId": "properties:manage",
  "PUT /api/properties/:propertyId/passcode": "properties:write",
  "PUT /api/properties/:propertyId/cover": "properties:write",
  "DELETE /api/properties/:propertyId/cover": "properties:write",
  "GET /api/properties/:propertyId/qr.png": "properties:read",
  "GET /api/properties/:propertyId/qr.svg": "properties:read",
  "GET /api/properties/:propertyId/poster.svg": "properties:read",
  "GET /api/properties/:propertyId/poster.pdf": "properties:read",
  "GET /api/places/search": "properties:read",
  "GET /api/places/details": "properties:read",
  "GET /api/places/nearest": "properties:read",
  "GET /api/what3words": "properties:read",
  "GET /api/content/categories": "properties:read",
  "GET /api/content/templates": "properties:read",
  "GET /api/content/themes": "properties:read",
  "GET /api/properties/:propertyId/content": "properties:read",
  "GET /api/properties/:propertyId/content/categories/:categoryLabel": "properties:read",
  "PUT /api/properties/:propertyId/content/order": "properties:write",
  "POST /api/properties/:propertyId/content/items": "properties:write",
  "GET /api/properties/:propertyId/content/items/:itemId": "properties:read",
  "PATCH /api/properties/:propertyId/content/items/:itemId": "properties:write",
  "DELETE /api/properties/:propertyId/content/items/:itemId": "properties:write",
  "PUT /api/properties/:propertyId/content/items/:itemId/media/:media": "properties:write",
  "DELETE /api/properties/:propertyId/content/items/:itemId/media/:media": "properties:write",
  "PUT /api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media": "properties:write",
  "DELETE /api/properties/:propertyId/content/items/:itemId/sub-items/:subItemId/media/:media": "properties:write",
  "POST /api/shared-content": "properties:write",
  "PUT /api/properties/:propertyId/content/shared/:itemId": "properties:write",
  "POST /api/shared-content/items/:itemId/properties": "properties:write",
  "DELETE /api/properties/:propertyId/content/shared/:itemId": "properties:write",
  "GET /api/local-area-profiles": "properties:read",
  "POST /api/local-area-profiles": "properties:write",
  "GET /api/local-area-profiles/:label": "properties:read",
  "DELETE /api/local-area-profiles/:label": "properties:write",
  "GET /api/properties/:propertyId/local-area": "properties:read",
  "PUT /api/properties/:propertyId/local-area-profiles/:profileId": "properties:write",
  "DELETE /api/properties/:propertyId/local-area-profiles/:profileId": "properties:write",
  "POST /api/local-area-profiles/:label/places": "properties:write",
  "PUT /api/local-area-profiles/:label/places/order": "properties:write",
  "POST /api/properties/:propertyId/places": "properties:write",
  "PUT /api/properties/:propertyId/places/order": "properties:write",
  "PATCH /api/local-places/:placeId": "properties:write",
  "DELETE /api/local-places/:placeId": "properties:write",
  "PUT /api/local-places/:placeId/image": "properties:write",
  "DELETE /api/local-places/:placeId/image": "properties:write",
  "GET /api/stays": "properties:read",
  "POST /api/stays": "properties:write",
  "GET /api/stays/summary": "properties:read",
  "GET /api/stays/today": "properties:read",
  "GET /api/stays/:stayId": "properties:read",
  "PATCH /api/stays/:stayId": "properties:write",
  "POST /api/stays/:stayId/cancel": "properties:write",
  "GET /api/properties/:propertyId/stays": "properties:read",
  "POST /api/stays/import/preview": "properties:manage",
  "POST /api/stays/import": "properties:manage",
  "GET /api/stays/:stayId/link": "properties:read",
  "POST /api/stays/:stayId/link": "properties:write",
  "POST /api/stays/:stayId/link/send": "properties:write",
  "GET /api/stays/:stayId/link/qr.png": "properties:read",
  "POST /api/stays/:stayId/release": "properties:write",
  "GET /api/store": "properties:read",
  "PUT /api/store/settings": "settings:write",
  "POST /api/store/connect": "billing:manage",
  "POST /api/store/offers": "properties:write",
  "GET /api/store/offers/:offerId": "properties:read",
  "PUT /api/store/offers/:offerId": "properties:write",
  "DELETE /api/store/offers/:offerId": "properties:write",
  "PUT /api/store/offers/:offerId/photo": "properties:write",
  "DELETE /api/store/offers/:offerId/photo": "properties:write",
  "GET /api/orders": "properties:read",
  "GET /api/orders/revenue": "properties:read",
  "GET /api/orders/revenue.csv": "properties:read",
  "POST /api/orders/:orderId/approve": "properties:write",
  "POST /api/orders/:orderId/decline": "properties:write",
  "POST /api/orders/:orderId/refund": "properties:write",
  "GET /api/message-rules": "properties:read",
  "POST /api/message-rules": "properties:write",
  "POST /api/message-rules/preview": "properties:read",
  "GET /api/message-rules/:ruleId": "properties:read",
  "PUT /api/message-rules/:ruleId": "properties:write",
  "DELETE /api/message-rules/:ruleId": "properties:write",
  "GET /api/stays/:stayId/scheduled-messages": "properties:read",
  "POST /api/scheduled-messages/:messageId/retry": "properties:write",
  "GET /api/stay-link-settings": "properties:read",
  "PUT /api/stay-link-settings": "settings:write",
  "GET /api/properties/:propertyId/stay-feeds": "properties:read",
  "POST /api/properties/:propertyId/stay-feeds": "properties:write",
  "GET /api/stay-feeds/:feedId": "properties:read",
  "PATCH /api/stay-feeds/:feedId": "properties:write",
  "DELETE /api/stay-feeds/:feedId": "properties:write",
  "POST /api/stay-feeds/:feedId/sync": "properties:write",
  "GET /api/billing/subscription": "billing:manage",
  "GET /api/billing/plans": "billing:manage",
  "POST /api/billing/setup-intent": "billing:manage",
  "POST /api/billing/local/payment-methods": "billing:manage",
  "POST /api/billing/subscription": "billing:manage",
  "PUT /api/billing/payment-method": "billing:manage",
  "GET /api/billing/invoices": "billing:manage",
  "GET /api/billing/invoices/:invoiceId/receipt": "billing:manage",
  "GET /api/billing/invoices/:invoiceId/receipt.pdf": "billing:manage",
  "POST /api/billing/subscription-alerts": "billing:manage",
  "POST /api/billing/cancellation-requests": "billing:manage",
  "POST /api/properties/:propertyId/preview-link": "properties:read",
  "GET /api/analytics/visits": "properties:read",
  "GET /api/analytics/sections": "properties:read",
  "GET /api/analytics/options": "properties:read",
  "PUT /api/analytics/time-zone": "properties:read",
  "POST /api/bulk-updates": "properties:manage",
  "POST /api/properties/:propertyId/duplicate": "properties:manage",
  "GET /api/property-copies/:copyId": "properties:read",
  "POST /api/property-copies/:copyId/retry": "properties:manage",
  "GET /api/conversations": "properties:read",
  "GET /api/conversations/:conversationId": "properties:read",
  "PATCH /api/conversations/:conversationId": "messages:reply",
  "POST /api/conversations/:conversationId/read": "properties:read",
  "POST /api/conversations/:conversationId/messages": "messages:reply",
  "GET /api/events": "properties:read",
  "GET /api/messages/unread-count": "properties:read",
  "GET /api/message-files/:fileId": "properties:read",
  "GET /api/referrals": "referrals:manage",
  "POST /api/referrals/rewards/:rewardId/claim": "referrals:manage",
  "GET /api/activity": "activity:read",
  "GET /api/affiliate": "self",
  "PATCH /api/affiliate/payment-details": "self",
  "GET /api/affiliate/stats": "self",
  "GET /api/affiliate/assets": "self",
  "GET /api/api-keys": "api-keys:manage",
  "POST /api/api-keys": "api-keys:manage",
  "POST /api/api-keys/:apiKeyId/revoke": "api-keys:manage",
  "GET /api/team": "team:manage",
  "POST /api/support": "self",
  "POST /api/account/delete": "account:own",
  "POST /api/account/export": "account:own",
  "GET /api/account/exports/:name": "account:own",
  "POST /api/team/invitations": "team:manage",
  "POST /api/team/invitations/:invitationId/resend": "team:manage",
  "DELETE /api/team/invitations/:invitationId": "team:manage",
  "PATCH /api/team/members/:memberId": "team:manage",
  "DELETE /api/team/members/:memberId": "team:manage",
  "POST /api/team/ownership": "account:own",
  "GET /api/test/key-probe/properties/:propertyId": "properties:read",
  "POST /api/test/key-probe/notes": "properties:write",
};

const ZERO_ID = "00000000-0000-4000-8000-000000000000";
/** Ids that lead to one property (plugins/permissions.ts): a limited member gets 404 for another property's. */
const PROPERTY_PARAMS = ["propertyId", "stayId", "conversationId", "fileId", "feedId", "copyId"];

describe("role matrix (decision 056)", () => {
  it("lists every route's declared permission", () => {
    const declared = Object.fromEntries(
      apiRoutes()
        .filter((r) => r.permission !== null)
        .map((r) => [`${r.method} ${r.url}`, r.permission]),
    );
    expect(declared).toEqual(ROUTE_PERMISSIONS);
    // Only public routes declare none.
    for (const r of apiRoutes()) if (r.permission === null) expect(r.public, `${r.method} ${r.url}`).toBe(true);
  });

  it("answers 403 ROLE_NOT_ALLOWED to every role a route's permission leaves out, and lets every other role through", async () => {
    const callers: Record<Role, TestUser> = {
      owner,
      admin: await buildMember(t.ctx, owner, "admin"),
      editor: await buildMember(t.ctx, owner, "editor"),
      viewer: await buildMember(t.ctx, owner, "viewer"),
    };
    let cases = 0;
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      // The live event stream never ends; every role reads it (properties:read).
      if (!route.permission || key === "GET /api/events") continue;
      const url = route.url.replace(/:(\w+)/g, (_, p: string) => (p === "media" ? "image" : ZERO_ID));
      for (const role of ROLES) {
        const res = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: { cookie: callers[role].cookie },
          payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
        });
        if (roleAllows(role, route.permission)) {
          expect(res.statusCode, `${key} as ${role}`).not.toBe(401);
          if (res.statusCode === 403) expect(res.json().error.code, `${key} as ${role}`).not.toBe("FORBIDDEN");
        } else {
          expect(res.statusCode, `${key} as ${role}`).toBe(403);
          expect(res.json().error.message, `${key} as ${role}`).toBe(copy.teamErrors.roleNotAllowed);
        }
        cases++;
      }
    }
    console.log(`role matrix: ${cases} cases`);
    expect(cases).toBeGreaterThan(400);
  });

  it("answers 404 to a member limited to one property for every id of another property, and lists only theirs", async () => {
    const mine = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const mineRow = (await propertyRowOf(t.ctx, owner.accountId, mine))!.id;
    const limited = await buildMember(t.ctx, owner, "editor", [mineRow]);
    let checked = 0;
    for (const route of apiRoutes()) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      if (!params.some((p) => PROPERTY_PARAMS.includes(p)) || route.public) continue;
      let url = route.url;
      for (const param of params)
        url = url.replace(`:${param}`, encodeURIComponent(await OWNED_ID_FIXTURES[param]!(t, owner)));
      const key = `${route.method} ${route.url}`;
      const hasBody = route.method !== "GET" && route.method !== "DELETE";
      const res = await t.app.inject({
        method: route.method as "GET",
        url: url + (VALID_QUERIES[key] ?? ""),
        headers: { cookie: limited.cookie },
        payload: hasBody ? VALID_BODIES[key] : undefined,
      });
      // An editor cannot use the routes for admins at all (403); every other answers as if the id did not exist.
      if (roleAllows("editor", route.permission!)) {
        expect(res.statusCode, `${key} as a member limited to another property`).toBe(404);
        expect(res.json().error.code).toBe("NOT_FOUND");
      } else expect(res.statusCode, key).toBe(403);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);

    // A property id in a query string or a body is checked the same way.
    const other = await OWNED_ID_FIXTURES.propertyId!(t, owner);
    const query = await t.as(limited, "GET", `/api/analytics/visits?from=2026-01-01&to=2026-01-07&propertyId=${other}`);
    expect(query.statusCode).toBe(404);
    const stay = await t.as(limited, "POST", "/api/stays", {
      propertyId: other,
      guestFirstName: "A",
      guestLastName: "B",
      adults: 1,
      children: 0,
      checkInDate: "2027-03-01",
      checkOutDate: "2027-03-03",
    });
    expect(stay.statusCode).toBe(404);

    // Its own property answers; the lists hold only it.
    expect((await t.as(limited, "GET", `/api/properties/${mine}`)).statusCode).toBe(200);
    const list = (await t.as(limited, "GET", "/api/properties?limit=100")).json();
    expect(list.items.map((p: { propertyId: string }) => p.propertyId)).toEqual([mine]);
    expect(list.total).toBe(1);
    expect((await t.as(limited, "GET", "/api/property-ids")).json().ids).toEqual([mine]);
    await ownedConversation(t, owner);
    const conversations = (await t.as(limited, "GET", "/api/conversations")).json().items;
    expect(conversations.every((c: { propertyId: string }) => c.propertyId === mine)).toBe(true);
    await OWNED_ID_FIXTURES.stayId!(t, owner);
    const stays = (await t.as(limited, "GET", "/api/stays?tab=upcoming")).json().items;
    expect(stays.every((s: { propertyId: string }) => s.propertyId === mine)).toBe(true);
    const all = (await t.as(owner, "GET", "/api/stays?tab=upcoming")).json().items;
    expect(all.length).toBeGreaterThan(0);

    // The counts and panels hold only its property too: the stays tile, the Today panel (with the calendar feeds
    // that fail), the unread and pending-order badges, the orders list and the revenue (decision 056).
    const day = (n: number) => new Date(t.ctx.now().getTime() + n * 86_400_000).toISOString().slice(0, 10);
    await createStay(t.ctx, owner.accountId, {
      propertyId: other,
      guestFirstName: "Today",
      guestLastName: "Guest",
      adults: 1,
      children: 0,
      checkInDate: day(0),
      checkOutDate: day(1),
    });
    await OWNED_ID_FIXTURES.orderId!(t, owner);
    await t.ctx.db.update(stayFeeds).set({ lastErrorCode: "FEED_UNREACHABLE" });
    const ownerSummary = (await t.as(owner, "GET", "/api/stays/summary")).json();
    expect(ownerSummary.upcoming).toBeGreaterThan(0);
    expect((await t.as(limited, "GET", "/api/stays/summary")).json()).toEqual({
      upcoming: 0,
      arrivingToday: 0,
      departingToday: 0,
    });
    const ownerToday = (await t.as(owner, "GET", "/api/stays/today")).json();
    expect(ownerToday.arrivals.length + ownerToday.departures.length).toBeGreaterThan(0);
    expect(ownerToday.feedErrors.length).toBeGreaterThan(0);
    expect((await t.as(limited, "GET", "/api/stays/today")).json()).toEqual({
      arrivals: [],
      departures: [],
      feedErrors: [],
    });
    const ownerMe = (await t.as(owner, "GET", "/api/me")).json();
    expect(ownerMe.unreadMessageCount).toBeGreaterThan(0);
    expect(ownerMe.pendingOrderCount).toBeGreaterThan(0);
    const limitedMe = (await t.as(limited, "GET", "/api/me")).json();
    expect([limitedMe.unreadMessageCount, limitedMe.pendingOrderCount]).toEqual([0, 0]);
    expect((await t.as(owner, "GET", "/api/orders")).json().orders.length).toBeGreaterThan(0);
    expect((await t.as(limited, "GET", "/api/orders")).json()).toEqual({ orders: [], pendingCount: 0 });
    expect((await t.as(limited, "GET", "/api/orders/revenue")).json().rows).toEqual([]);
  });
});
