import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import type { ActivityEntry } from "@doorstep/shared/schemas/activity";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildMember, buildProperty, buildUser, uniqueEmail, type TestUser } from "../../test/factories.ts";
import { createOfferFor, orderFromLink, stayWithToken } from "../../test/store-helpers.ts";

let t: TestApp;
let owner: TestUser;
let editor: TestUser;
let home: string;
let cabin: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t.ctx, { firstName: "Olivia" });
  editor = await buildMember(t.ctx, owner, "editor", null, "Eddie");
  home = (await buildProperty(t.app, owner, { title: "Home" })).propertyId;
  t.clock.advance(1000);
  cabin = (await buildProperty(t.app, owner, { title: "Cabin" })).propertyId;
  t.clock.advance(1000);
});
afterAll(() => t.close());

const activity = async (query = "") => (await t.as(owner, "GET", `/api/activity${query}`)).json();

describe("activity (decision 058)", () => {
  it("records who changed what: content items with the item and fields, settings, publishing, passcodes, stays, team", async () => {
    const created = await t.as(editor, "POST", `/api/properties/${home}/content/items`, {
      categoryLabel: "arrival",
      title: "Key safe",
    });
    expect(created.statusCode, created.body).toBe(201);
    const itemId = created.json().item.id;
    // The test clock stands still: each change a second later, so the log's order is theirs.
    const tick = () => t.clock.advance(1000);
    tick();
    await t.as(editor, "PATCH", `/api/properties/${home}/content/items/${itemId}`, { detailText: "<p>1234</p>" });
    tick();
    await t.as(editor, "PATCH", `/api/properties/${home}`, { title: "Home sweet home", published: false });
    tick();
    await t.as(owner, "PUT", `/api/properties/${home}/passcode`, { passcode: "123456" });
    tick();
    const stay = await t.as(editor, "POST", "/api/stays", {
      propertyId: cabin,
      guestFirstName: "Gina",
      guestLastName: "Guest",
      adults: 2,
      children: 0,
      checkInDate: new Date(t.clock.now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10),
      checkOutDate: new Date(t.clock.now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(stay.statusCode, stay.body).toBe(201);
    tick();
    await t.as(owner, "POST", "/api/team/invitations", {
      email: uniqueEmail("new"),
      role: "viewer",
      propertyIds: null,
    });

    const { items } = await activity();
    const summary = items.map((e: Record<string, unknown>) => [e.kind, e.actorName, e.propertyId, e.action]);
    // Newest first; one PATCH's settings and publishing entries share their instant, so in either order.
    expect(summary).toHaveLength(9);
    expect(summary[0]).toEqual(["team", "Olivia", null, "invited"]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ["team", "Olivia", null, "invited"],
        ["stay", "Eddie Member", cabin, "created"],
        ["passcode", "Olivia", home, "set"],
        ["property-settings", "Eddie Member", home, null],
        ["publishing", "Eddie Member", home, null],
        ["content-item", "Eddie Member", home, "updated"],
        ["content-item", "Eddie Member", home, "created"],
        // buildProperty published both properties.
        ["publishing", "Olivia", cabin, null],
        ["publishing", "Olivia", home, null],
      ]),
    );
    const edit = items.find((e: { action: string }) => e.action === "updated");
    expect(edit).toMatchObject({ title: "Key safe", fields: ["detailText"] });
    // Which field, never the text.
    expect(JSON.stringify(items)).not.toContain("1234");
    expect(items.find((e: { kind: string }) => e.kind === "publishing").published).toBe(false);
    expect(items.find((e: { kind: string }) => e.kind === "property-settings").fields).toEqual(["title"]);
  });

  it("filters by property and by member, and pages with a cursor", async () => {
    const byCabin = await activity(`?propertyId=${cabin}`);
    expect(byCabin.items.map((e: { kind: string }) => e.kind)).toEqual(["stay", "publishing"]);
    const byOwner = await activity(`?memberId=${owner.id}`);
    expect(byOwner.items.every((e: { actorName: string }) => e.actorName === "Olivia")).toBe(true);
    const first = await activity("?limit=3");
    expect(first.items).toHaveLength(3);
    const second = await activity(`?limit=3&cursor=${first.nextCursor}`);
    expect(second.items[0].id).not.toBe(first.items[2].id);
    const all = await activity("?limit=100");
    expect([...first.items, ...second.items].map((e: { id: string }) => e.id)).toEqual(
      all.items.slice(0, 6).map((e: { id: string }) => e.id),
    );
  });

  it("is for owners and admins only", async () => {
    expect((await t.as(editor, "GET", "/api/activity")).statusCode).toBe(403);
    const admin = await buildMember(t.ctx, owner, "admin");
    expect((await t.as(admin, "GET", "/api/activity")).statusCode).toBe(200);
  });
});

describe("activity of scheduled messages and store orders (decision 058)", () => {
  const rule = (propertyIds: string[] | null, changes: object = {}) => ({
    name: "Parking",
    trigger: "before-check-in",
    days: 1,
    atTime: "10:00",
    propertyIds,
    channel: "email",
    texts: { en: { subject: "Parking", body: "Park in bay 4." } },
    active: true,
    ...changes,
  });
  const what = (items: ActivityEntry[]) => items.map((e) => copy.activity.describe(e));

  it("records rules added, changed, turned off and deleted: on their property when they have one", async () => {
    const host = await buildUser(t.ctx, { firstName: "Petra" });
    const eddie = await buildMember(t.ctx, host, "editor", null, "Eddie");
    const lake = (await buildProperty(t.app, host, { title: "Lake" })).propertyId;
    await buildProperty(t.app, host, { title: "Barn" });
    const tick = () => t.clock.advance(1000);
    const since = t.clock.now.getTime();
    tick();

    const created = await t.as(eddie, "POST", "/api/message-rules", rule([lake]));
    expect(created.statusCode, created.body).toBe(201);
    const ruleId = created.json().rule.id;
    tick();
    const changed = await t.as(eddie, "PUT", `/api/message-rules/${ruleId}`, {
      ...rule([lake], { atTime: "11:30", texts: { en: { subject: "Parking", body: "Park in bay 5." } } }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    tick();
    // The same save again changes nothing, so it is not an activity.
    await t.as(eddie, "PUT", `/api/message-rules/${ruleId}`, {
      ...rule([lake], { atTime: "11:30", texts: { en: { subject: "Parking", body: "Park in bay 5." } } }),
    });
    tick();
    await t.as(eddie, "PUT", `/api/message-rules/${ruleId}`, {
      ...rule([lake], {
        atTime: "11:30",
        texts: { en: { subject: "Parking", body: "Park in bay 5." } },
        active: false,
      }),
    });
    tick();
    const everywhere = await t.as(host, "POST", "/api/message-rules", rule(null, { name: "Welcome" }));
    expect(everywhere.statusCode, everywhere.body).toBe(201);
    tick();
    expect((await t.as(host, "DELETE", `/api/message-rules/${everywhere.json().rule.id}`)).statusCode).toBe(204);

    const all = (await t.as(host, "GET", "/api/activity?limit=100")).json().items as ActivityEntry[];
    const mine = all.filter((e) => Date.parse(e.createdAt) > since && e.kind === "scheduled-message");
    expect(mine.map((e) => [e.actorName, e.propertyId, e.action])).toEqual([
      ["Petra", null, "deleted"],
      ["Petra", null, "created"],
      ["Eddie Member", lake, "turned-off"],
      ["Eddie Member", lake, "updated"],
      ["Eddie Member", lake, "created"],
    ]);
    expect(what(mine)).toEqual([
      "Deleted the scheduled message “Welcome”",
      "Added the scheduled message “Welcome”",
      "Turned off the scheduled message “Parking”",
      "Changed the scheduled message “Parking” (At, Message)",
      "Added the scheduled message “Parking”",
    ]);
    // Which fields, never the text.
    expect(JSON.stringify(all)).not.toContain("bay 5");
    // The property filter shows the rule for that one property; a rule for all properties is account-wide.
    const byLake = (await t.as(host, "GET", `/api/activity?propertyId=${lake}`)).json().items as ActivityEntry[];
    expect(byLake.filter((e) => e.kind === "scheduled-message").map((e) => e.action)).toEqual([
      "turned-off",
      "updated",
      "created",
    ]);
    const byEddie = (await t.as(host, "GET", `/api/activity?memberId=${eddie.id}`)).json().items as ActivityEntry[];
    expect(byEddie).toHaveLength(3);
  });

  it("records orders approved, declined and refunded, with the guest, the property and a refund's amount", async () => {
    const host = await buildUser(t.ctx, { firstName: "Petra" });
    const eddie = await buildMember(t.ctx, host, "editor", null, "Eddie");
    const offer = await createOfferFor(t.app, host);
    const barn = (await buildProperty(t.app, host, { title: "Barn" })).propertyId;
    const other = (await buildProperty(t.app, host, { title: "Other" })).propertyId;
    // Two stays, one request each (a stay holds one request per offer).
    const { token } = await stayWithToken(t.app, t.ctx, host, { propertyId: barn });
    const later = await stayWithToken(t.app, t.ctx, host, { propertyId: barn, inDays: 10 });
    const first = (await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" })).json().order;
    const second = (await orderFromLink(t.app, later.token, { offerId: offer.id, slotTime: "14:00" })).json().order;
    const since = t.clock.now.getTime();
    const tick = () => t.clock.advance(1000);
    tick();
    expect((await t.as(eddie, "POST", `/api/orders/${first.id}/approve`, {})).statusCode).toBe(200);
    tick();
    expect((await t.as(host, "POST", `/api/orders/${second.id}/decline`, { note: "Sorry" })).statusCode).toBe(200);
    tick();
    const refunded = await t.as(host, "POST", `/api/orders/${first.id}/refund`, { amount: 1000 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // A new account without a subscription or currency: the store's is usd.
    const currency = refunded.json().order.currency as string;
    expect(currency).toBe("usd");

    const items = (await t.as(host, "GET", `/api/activity?propertyId=${barn}`)).json().items as ActivityEntry[];
    const orders = items.filter((e) => Date.parse(e.createdAt) > since && e.kind === "store-order");
    expect(orders.map((e) => [e.actorName, e.propertyId, e.action, e.title, e.guest])).toEqual([
      ["Petra", barn, "refunded", "Late check-out", "Ana Guest"],
      ["Petra", barn, "declined", "Late check-out", "Ana Guest"],
      ["Eddie Member", barn, "approved", "Late check-out", "Ana Guest"],
    ]);
    expect(orders[0]).toMatchObject({ amount: 1000, currency });
    expect(what(orders)).toEqual([
      "Refunded $10.00 of the order “Late check-out” of Ana Guest",
      "Declined the order “Late check-out” of Ana Guest",
      "Approved the order “Late check-out” of Ana Guest",
    ]);
    // The decline's note to the guest is not on the log; another property's filter has none of it.
    expect(JSON.stringify(items)).not.toContain("Sorry");
    const elsewhere = (await t.as(host, "GET", `/api/activity?propertyId=${other}`)).json().items as ActivityEntry[];
    expect(elsewhere.filter((e) => e.kind === "store-order")).toEqual([]);
  });
});
