import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { bearer, createKeyFor } from "../api-key-probe.ts";
import { createOfferFor, orderFromLink, stayWithToken } from "../store-helpers.ts";
import type { TestApp } from "../app.ts";
import type { TestUser } from "../factories.ts";
import { guardedRoutes, openHarness } from "./harness.ts";
import { ownedConversation } from "./owned-ids.ts";
import { API_KEY_ROUTES, PUBLIC_ROUTES } from "./route-lists.ts";

/**
 * Callers without a dashboard session: anonymous ones get 401 off the public allow-list, API keys get 401 off the
 * routes open to keys (decision 039), and guests of a guide or a stay link see only their own thread and orders.
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
    // The owner's order by the stranger's session: 404 (cross-tenant.test.ts), and no token answers another's.
    expect((await t.app.inject({ url: `/api/stay-store/${"A".repeat(32)}` })).statusCode).toBe(404);
  });
});
