import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../db/schema/users.ts";
import {
  guideEngagementAccountDays,
  guideEngagementDays,
  guideEngagementEvents,
  guideVisitDays,
  guideVisits,
} from "../../db/schema/visits.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { DESKTOP, guestReports, IPHONE, sessionId } from "../../test/guest-reports.ts";
import { rebuildRollup } from "./analytics.repository.ts";
import { purgeExpiredVisitRecords, purgeRawAnalytics } from "./analytics.service.ts";
import { flushEngagement } from "./engagement.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { beacon, visit } = guestReports(() => t, "198.20");
const api: TestApp["as"] = (...request) => t.as(...request);
async function createItem(user: TestUser, propertyId: string, categoryLabel: string, title: string) {
  const res = await api(user, "POST", `/api/properties/${propertyId}/content/items`, { categoryLabel, title });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { item: { id: string } }).item.id;
}

describe("GET /api/analytics/sections (section report)", () => {
  let owner: TestUser;
  let loft: string;
  let hut: string;
  let wifiItem: string;
  let rulesItem: string;
  let hutItem: string;
  beforeAll(async () => {
    t.clock.now = new Date("2026-08-05T12:00:00Z");
    owner = await buildUser(t.ctx);
    loft = (await buildProperty(t.app, owner, { title: "Harbour Loft" })).propertyId;
    hut = (await buildProperty(t.app, owner, { title: "Beach Hut" })).propertyId;
    wifiItem = await createItem(owner, loft, "wifi-and-tech", "Router");
    rulesItem = await createItem(owner, loft, "house-rules", "Quiet hours");
    await createItem(owner, loft, "check-out", "Keys");
    // A nested category counts towards its top-level section (Appliances).
    await createItem(owner, loft, "kitchen", "Oven");
    hutItem = await createItem(owner, hut, "arrival", "Key safe");

    // Three sessions open the loft (one on a desktop: sections count whatever the device), one the hut; each
    // visit carries the page's language (decision 045).
    for (const [s, ua, language] of [
      ["l1", IPHONE, "fr"],
      ["l2", IPHONE, "fr"],
      ["l3", DESKTOP, "de"],
    ] as const)
      expect((await visit(loft, sessionId(s), ua, { language })).statusCode).toBe(204);
    expect((await visit(hut, sessionId("h1"), IPHONE, { language: "en" })).statusCode).toBe(204);
    const send = (property: string, s: string, language: string, sections: string[], items: string[]) =>
      beacon({ propertyId: property, trackingSessionId: sessionId(s), language, sections, items });
    await send(loft, "l1", "fr", ["wifi-and-tech", "house-rules"], [wifiItem, rulesItem]);
    await send(loft, "l2", "fr", ["wifi-and-tech"], [wifiItem]);
    await send(loft, "l3", "de", ["wifi-and-tech", "appliances"], []);
    await send(hut, "h1", "en", ["arrival"], [hutItem]);
    await flushEngagement(t.ctx);
  });
  const report = (query: string, user = owner) =>
    api(user, "GET", `/api/analytics/sections?from=2026-08-01&to=2026-08-31${query}`);

  it("lists one guide's sections by reach, the never-opened ones last with 0, the items seen most and the languages", async () => {
    const res = await report(`&propertyId=${loft}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sessions).toBe(3);
    expect(body.propertyId).toBe(loft);
    expect(body.sections).toEqual([
      { key: "wifi-and-tech", title: "Wi-Fi & tech", sessions: 3, reach: 1 },
      { key: "house-rules", title: "House rules", sessions: 1, reach: 1 / 3 },
      { key: "appliances", title: "Appliances", sessions: 1, reach: 1 / 3 },
      { key: "check-out", title: "Check-out", sessions: 0, reach: 0 },
    ]);
    expect(body.items).toEqual([
      { id: wifiItem, title: "Router", propertyTitle: "Harbour Loft", sessions: 2 },
      { id: rulesItem, title: "Quiet hours", propertyTitle: "Harbour Loft", sessions: 1 },
    ]);
    expect(body.languages).toEqual([
      { code: "fr", name: "French", sessions: 2 },
      { code: "de", name: "German", sessions: 1 },
    ]);
  });

  it("adds up every guide for All Properties", async () => {
    const body = (await report("")).json();
    expect(body.sessions).toBe(4);
    expect(body.propertyId).toBeNull();
    expect(body.sections.map((s: { key: string; sessions: number }) => [s.key, s.sessions])).toEqual([
      ["wifi-and-tech", 3],
      ["arrival", 1],
      ["house-rules", 1],
      ["appliances", 1],
      ["check-out", 0],
    ]);
    // Most seen first; items seen equally often follow in a fixed but arbitrary order.
    const titles = body.items.map((i: { title: string }) => i.title);
    expect(titles[0]).toBe("Router");
    expect(titles.slice(1).sort()).toEqual(["Key safe", "Quiet hours"]);
    expect(body.languages.map((l: { code: string }) => l.code)).toEqual(["fr", "de", "en"]);
  });

  it("leaves out items deleted since, and answers an empty range with zeros", async () => {
    expect((await api(owner, "GET", `/api/properties/${loft}`)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/properties/${loft}/content/items/${rulesItem}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(204);
    const body = (await report(`&propertyId=${loft}`)).json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([wifiItem]);
    // House rules has no item left: the guide no longer shows the section.
    expect(body.sections.map((s: { key: string }) => s.key)).not.toContain("house-rules");
    const empty = (
      await api(owner, "GET", `/api/analytics/sections?from=2026-09-01&to=2026-09-07&propertyId=${loft}`)
    ).json();
    expect(empty.sessions).toBe(0);
    expect(empty.sections.every((s: { sessions: number; reach: number }) => s.sessions === 0 && s.reach === 0)).toBe(
      true,
    );
    expect(empty.items).toEqual([]);
  });

  it("answers 404 for another account's property and 400 for a bad range", async () => {
    const stranger = await buildUser(t.ctx);
    const res = await report(`&propertyId=${loft}`, stranger);
    expect(res.statusCode).toBe(404);
    expect((await report("", stranger)).json().sections).toEqual([]);
    const reversed = await api(owner, "GET", "/api/analytics/sections?from=2026-08-31&to=2026-08-01");
    expect(reversed.statusCode).toBe(400);
  });
});

describe("rebuild and retention of raw records", () => {
  it("rebuilds the section rollups as live inserts kept them; purging raw records keeps every count, and a later rebuild leaves purged days alone", async () => {
    const owner = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, owner);
    const record = async (at: string, session: string, sections: string[]) => {
      t.clock.now = new Date(at);
      expect((await visit(propertyId, sessionId(session), IPHONE, { language: "it" })).statusCode).toBe(204);
      await beacon({ propertyId, trackingSessionId: sessionId(session), language: "it", sections });
      await flushEngagement(t.ctx);
    };
    await record("2026-03-01T12:00:00Z", "r1", ["arrival", "safety"]);
    await record("2026-06-01T12:00:00Z", "r2", ["arrival"]);
    const snapshot = async () => ({
      visits: await t.ctx.db
        .select()
        .from(guideVisitDays)
        .where(eq(guideVisitDays.accountId, owner.accountId))
        .orderBy(guideVisitDays.day),
      sections: await t.ctx.db
        .select()
        .from(guideEngagementDays)
        .where(eq(guideEngagementDays.accountId, owner.accountId))
        .orderBy(guideEngagementDays.day, guideEngagementDays.key),
      account: await t.ctx.db
        .select()
        .from(guideEngagementAccountDays)
        .where(eq(guideEngagementAccountDays.accountId, owner.accountId))
        .orderBy(guideEngagementAccountDays.day, guideEngagementAccountDays.key),
    });
    const live = await snapshot();
    expect(live.sections.map((r) => `${r.day} ${r.key} ${r.sessions}`)).toEqual([
      "2026-03-01 arrival 1",
      "2026-03-01 it 1",
      "2026-03-01 safety 1",
      "2026-06-01 arrival 1",
      "2026-06-01 it 1",
    ]);
    await rebuildRollup(t.ctx.db, owner.accountId, "UTC");
    expect(await snapshot()).toEqual(live);

    // Purge everything raw before May: March's raw rows go, its counts stay.
    expect(await purgeRawAnalytics(t.ctx.db, new Date("2026-05-01T00:00:00Z"))).toBeGreaterThan(0);
    const raw = await t.ctx.db
      .select({ day: guideEngagementEvents.day })
      .from(guideEngagementEvents)
      .where(eq(guideEngagementEvents.accountId, owner.accountId));
    expect(new Set(raw.map((r) => r.day))).toEqual(new Set(["2026-06-01"]));
    expect(await snapshot()).toEqual(live);
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    expect(account!.analyticsRawSince).toEqual(new Date("2026-05-01T00:00:00Z"));
    // A rebuild now recounts June only; March keeps what was counted before the purge.
    await rebuildRollup(t.ctx.db, owner.accountId, "UTC");
    expect(await snapshot()).toEqual(live);

    // The scheduled job purges what is older than VISIT_RETENTION_DAYS (400 by default) from now.
    t.clock.now = new Date("2027-07-10T00:00:00Z"); // 400 days after 2026-06-05
    expect(await purgeExpiredVisitRecords(t.ctx)).toBeGreaterThan(0);
    const left = await t.ctx.db.select().from(guideVisits).where(eq(guideVisits.accountId, owner.accountId));
    expect(left).toHaveLength(0);
    expect(await snapshot()).toEqual(live);
  });
});
