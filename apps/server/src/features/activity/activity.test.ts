import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildMember, buildProperty, buildUser, uniqueEmail, type TestUser } from "../../test/factories.ts";

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
