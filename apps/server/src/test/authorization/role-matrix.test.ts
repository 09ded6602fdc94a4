import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { ROLES, roleAllows, type Role } from "@doorstep/shared/rules/permissions";
import { propertyRowOf } from "../../features/properties/property.service.ts";
import { ensureSharedContent } from "../../features/shared-content/shared-content.service.ts";
import { createStay } from "../../features/stays/stays.service.ts";
import { stayFeeds } from "../../db/schema/stay-feeds.ts";
import type { TestApp } from "../app.ts";
import { buildCompany, buildMember, type TestUser } from "../factories.ts";
import { LATE_CHECK_OUT } from "../store-helpers.ts";
import { guardedRoutes, openHarness } from "./harness.ts";
import { callerOf, OWNED_ID_FIXTURES, ownedConversation } from "./owned-ids.ts";
import { VALID_BODIES, VALID_QUERIES } from "./request-bodies.ts";

/**
 * The role matrix (decision 056): every route as owner, admin, editor and viewer against the permission it
 * declares (reviewed in route-permissions.ts), and a member limited to one property, who gets 404 for every id of
 * another and sees only its own in lists, counts and panels.
 */
let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  ({ t, owner } = await openHarness());
  // An account that has a company and shared content, so that their routes run past "not found" for the roles
  // they let through (the logo and icon uploads, the shared-content property's creation).
  await buildCompany(t.ctx, owner, "Owner Stays");
  await ensureSharedContent(t.ctx, callerOf(owner));
});
afterAll(() => t.close());

const apiRoutes = () => guardedRoutes(t);

const ZERO_ID = "00000000-0000-4000-8000-000000000000";
/**
 * Ids that lead to one property (plugins/permissions.ts), or to a set of them (scheduled-message rules and store
 * offers, decision 061; their fixtures are for all properties): a limited member gets 404 for another property's.
 */
const PROPERTY_PARAMS = [
  "propertyId",
  "stayId",
  "conversationId",
  "fileId",
  "feedId",
  "copyId",
  "orderId",
  "messageId",
  "ruleId",
  "offerId",
];

describe("role matrix (decision 056)", () => {
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

    // Scheduled-message rules and store offers: only those whose properties are all its own (decision 061), and
    // the rule form offers only its property.
    const rule = await t.as(owner, "POST", "/api/message-rules", {
      name: "Mine only",
      trigger: "booked",
      propertyIds: [mine],
      texts: { en: { subject: "Hello", body: "Hello" } },
    });
    const offer = await t.as(owner, "POST", "/api/store/offers", { ...LATE_CHECK_OUT, propertyIds: [mine] });
    const ownerRules = (await t.as(owner, "GET", "/api/message-rules")).json();
    expect(ownerRules.items.length).toBeGreaterThan(1);
    const limitedRules = (await t.as(limited, "GET", "/api/message-rules")).json();
    expect(limitedRules.items.map((r: { id: string }) => r.id)).toEqual([rule.json().rule.id]);
    expect(limitedRules.properties.map((p: { propertyId: string }) => p.propertyId)).toEqual([mine]);
    expect((await t.as(owner, "GET", "/api/store")).json().offers.length).toBeGreaterThan(1);
    const limitedOffers = (await t.as(limited, "GET", "/api/store")).json().offers;
    expect(limitedOffers.map((o: { id: string }) => o.id)).toEqual([offer.json().offer.id]);
  });
});
