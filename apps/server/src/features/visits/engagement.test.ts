import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/properties.ts";
import { accounts } from "../../db/schema/accounts.ts";
import {
  guideEngagementAccountDays,
  guideEngagementDays,
  guideEngagementEvents,
  guideVisitDays,
  guideVisits,
} from "../../db/schema/visits.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, setAccountState, type TestUser } from "../../test/factories.ts";
import { purgeRawAnalytics, rebuildRollup } from "./analytics.repository.ts";
import { purgeExpiredVisitRecords } from "./analytics.service.ts";
import { flushEngagement } from "./engagement.service.ts";
import { flushVisits } from "./visits.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure: (config) => ({ ...config, guide: { ...config.guide, engagement: { max: 5, windowMs: 60_000 } } }),
  });
});
afterAll(() => t.close());

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

let ip = 0;
/** Each call comes from a new IP unless one is given, so only the rate-limit test meets the limit. */
const beacon = (body: object, ua = IPHONE, from?: string) => {
  ip += 1;
  return t.app.inject({
    method: "POST",
    url: "/api/guide/engagement",
    remoteAddress: from ?? `198.19.${ip >> 8}.${ip & 255}`,
    headers: { "user-agent": ua },
    payload: body,
  });
};
const visit = async (propertyId: string, session: string, ua = IPHONE) => {
  ip += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/guide/visits",
    remoteAddress: `198.19.${ip >> 8}.${ip & 255}`,
    headers: { "user-agent": ua },
    payload: { propertyId, trackingSessionId: session },
  });
  // Visits are written in batches (report-buffer.ts): each one now, at the clock it was reported at.
  await flushVisits(t.ctx);
  return res;
};
const api: TestApp["as"] = (...request) => t.as(...request);
async function createItem(user: TestUser, propertyId: string, categoryLabel: string, title: string) {
  const res = await api(user, "POST", `/api/properties/${propertyId}/content/items`, { categoryLabel, title });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { item: { id: string } }).item.id;
}
const sessionId = (name: string) => `${name}-engagement-session-id`;

describe("POST /api/guide/engagement (section analytics ingest)", () => {
  let owner: TestUser;
  let propertyId: string;
  let rowId: string;
  beforeAll(async () => {
    t.clock.now = new Date("2026-07-10T12:00:00Z");
    owner = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, owner, { title: "Harbour Loft" }));
    const [row] = await t.ctx.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.propertyId, propertyId));
    rowId = row!.id;
  });
  const rollup = () => t.ctx.db.select().from(guideEngagementDays).where(eq(guideEngagementDays.propertyId, rowId));

  it("counts each section, item and language once per session and day, in both rollups, after one batched write", async () => {
    const item = "0b6e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    const first = {
      propertyId,
      trackingSessionId: sessionId("a"),
      language: "fr",
      sections: ["arrival", "wifi-and-tech"],
    };
    expect((await beacon({ ...first, items: [item, item] })).statusCode).toBe(204);
    // The same session again that day (the page hidden twice): nothing new.
    expect((await beacon({ ...first, sections: ["arrival"] })).statusCode).toBe(204);
    expect((await beacon({ ...first, trackingSessionId: sessionId("b"), sections: ["arrival"] })).statusCode).toBe(204);
    expect(await rollup()).toHaveLength(0); // written in batches, not per request
    await flushEngagement(t.ctx);

    const byKey = Object.fromEntries((await rollup()).map((r) => [`${r.day} ${r.kind}:${r.key}`, r.sessions]));
    expect(byKey).toEqual({
      "2026-07-10 language:fr": 2,
      "2026-07-10 section:arrival": 2,
      "2026-07-10 section:wifi-and-tech": 1,
      [`2026-07-10 item:${item}`]: 1,
    });
    const account = await t.ctx.db
      .select()
      .from(guideEngagementAccountDays)
      .where(eq(guideEngagementAccountDays.accountId, owner.accountId));
    // Items stay out of the account rollup: they belong to one property.
    expect(Object.fromEntries(account.map((r) => [`${r.kind}:${r.key}`, r.sessions]))).toEqual({
      "language:fr": 2,
      "section:arrival": 2,
      "section:wifi-and-tech": 1,
    });
    // The ledger keeps the session id and what it saw, nothing about the guest.
    const [ledger] = await t.ctx.db
      .select()
      .from(guideEngagementEvents)
      .where(eq(guideEngagementEvents.propertyId, rowId));
    expect(Object.keys(ledger!).sort()).toEqual(
      ["accountId", "createdAt", "day", "key", "kind", "propertyId", "trackingSessionId"].sort(),
    );
  });

  it("takes the account's day: 03:30 UTC is the evening before in New York", async () => {
    expect((await api(owner, "PUT", "/api/analytics/time-zone", { timeZone: "America/New_York" })).statusCode).toBe(
      200,
    );
    t.clock.now = new Date("2026-07-11T03:30:00Z");
    await beacon({ propertyId, trackingSessionId: sessionId("c"), language: "en", sections: ["house-rules"] });
    await flushEngagement(t.ctx);
    const rows = await t.ctx.db
      .select()
      .from(guideEngagementDays)
      .where(and(eq(guideEngagementDays.propertyId, rowId), eq(guideEngagementDays.key, "house-rules")));
    expect(rows.map((r) => r.day)).toEqual(["2026-07-10"]);
    t.clock.now = new Date("2026-07-10T12:00:00Z");
  });

  it("ignores bots, unknown and inactive guides, with the same 204", async () => {
    const before = (await rollup()).length;
    const body = { propertyId, trackingSessionId: sessionId("bot"), language: "de", sections: ["safety"] };
    expect(
      (await beacon(body, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).statusCode,
    ).toBe(204);
    expect((await beacon({ ...body, propertyId: "no-such-guide" })).statusCode).toBe(204);
    const other = await buildUser(t.ctx);
    const { propertyId: expired } = await buildProperty(t.app, other);
    await setAccountState(t.ctx, other.accountId, { hasSubscription: false, trialEndsAt: new Date("2020-01-01") });
    expect((await beacon({ ...body, propertyId: expired })).statusCode).toBe(204);
    await flushEngagement(t.ctx);
    expect(await rollup()).toHaveLength(before);
    const theirs = await t.ctx.db
      .select()
      .from(guideEngagementAccountDays)
      .where(eq(guideEngagementAccountDays.accountId, other.accountId));
    expect(theirs).toHaveLength(0);
  });

  it("refuses malformed beacons with 400 and nothing queued", async () => {
    const ok = { propertyId, trackingSessionId: sessionId("d"), language: "en" };
    for (const bad of [
      { ...ok, language: "xx" },
      { ...ok, sections: ["Arrival"] },
      { ...ok, sections: ["../etc"] },
      { ...ok, items: ["not-a-uuid"] },
      { ...ok, sections: Array.from({ length: 61 }, (_, i) => `s${i}`) },
      { ...ok, trackingSessionId: "short" },
      { ...ok, sections: "arrival" },
    ]) {
      const res = await beacon(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("rate-limits beacons per IP (429 with Retry-After), then lets the IP in again", async () => {
    const body = { propertyId, trackingSessionId: sessionId("e"), language: "en", sections: ["arrival"] };
    for (let i = 0; i < 5; i += 1) expect((await beacon(body, IPHONE, "203.0.113.77")).statusCode).toBe(204);
    const limited = await beacon(body, IPHONE, "203.0.113.77");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await beacon(body, IPHONE, "203.0.113.78")).statusCode).toBe(204);
  });
});

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

    // Three sessions open the loft (one on a desktop: sections count whatever the device), one the hut.
    for (const [s, ua] of [
      ["l1", IPHONE],
      ["l2", IPHONE],
      ["l3", DESKTOP],
    ] as const)
      expect((await visit(loft, sessionId(s), ua)).statusCode).toBe(204);
    expect((await visit(hut, sessionId("h1"))).statusCode).toBe(204);
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
      expect((await visit(propertyId, sessionId(session))).statusCode).toBe(204);
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
