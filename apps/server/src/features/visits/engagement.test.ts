import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/properties.ts";
import { guideEngagementAccountDays, guideEngagementDays, guideEngagementEvents } from "../../db/schema/visits.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, setAccountState, type TestUser } from "../../test/factories.ts";
import { guestReports, IPHONE, sessionId } from "../../test/guest-reports.ts";
import { flushEngagement } from "./engagement.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    configure: (config) => ({ ...config, guide: { ...config.guide, engagement: { max: 5, windowMs: 60_000 } } }),
  });
});
afterAll(() => t.close());

const { beacon } = guestReports(() => t, "198.19");
const api: TestApp["as"] = (...request) => t.as(...request);

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

  it("counts each section and item once per session and day, in both rollups, after one batched write; the beacon's language is the visit's to count (decision 045)", async () => {
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
