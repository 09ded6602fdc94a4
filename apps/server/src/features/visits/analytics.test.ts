import { copy } from "@doorstep/shared/copy";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/properties.ts";
import { guideVisitAccountDays, guideVisitDays } from "../../db/schema/visits.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildMember, buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { propertyRowOf } from "../properties/property.service.ts";
import { rebuildRollup } from "./analytics.repository.ts";
import { flushVisits } from "./visits.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  pixel:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  desktop:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
};

let ip = 0;
async function visit(at: string, propertyId: string, session: string, ua: string, utmSource: string | null = null) {
  t.clock.now = new Date(at);
  ip += 1;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/guide/visits",
    remoteAddress: `198.18.${ip >> 8}.${ip & 255}`,
    headers: { "user-agent": ua },
    payload: { propertyId, trackingSessionId: `${session}-analytics-session`, utmSource },
  });
  expect(res.statusCode).toBe(204);
  // Visits are written in batches (report-buffer.ts): each one now, at the clock it was reported at.
  await flushVisits(t.ctx);
}
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });
const setZone = (user: TestUser, timeZone: string) =>
  t.app.inject({
    method: "PUT",
    url: "/api/analytics/time-zone",
    headers: { cookie: user.cookie },
    payload: { timeZone },
  });
const counts = (c: Partial<Record<"desktop" | "tablet" | "mobileQr" | "mobileLink" | "mobileStay", number>>) => {
  const full = { desktop: 0, tablet: 0, mobileQr: 0, mobileLink: 0, mobileStay: 0, ...c };
  return { ...full, total: full.desktop + full.tablet + full.mobileQr + full.mobileLink + full.mobileStay };
};
const rollupOf = async (accountId: string) => ({
  properties: await t.ctx.db
    .select()
    .from(guideVisitDays)
    .where(eq(guideVisitDays.accountId, accountId))
    .orderBy(asc(guideVisitDays.propertyId), asc(guideVisitDays.day), guideVisitDays.deviceType, guideVisitDays.source),
  account: await t.ctx.db
    .select()
    .from(guideVisitAccountDays)
    .where(eq(guideVisitAccountDays.accountId, accountId))
    .orderBy(asc(guideVisitAccountDays.day), guideVisitAccountDays.deviceType, guideVisitAccountDays.source),
});

describe("GET /api/analytics/visits (ANL-03/04/06/08, OPEN-54)", () => {
  let owner: TestUser;
  let a: string;
  let b: string;
  beforeAll(async () => {
    // Summer: New York is UTC-4, so 03:30 UTC is still the evening before there.
    t.clock.now = new Date("2026-07-10T12:00:00Z");
    owner = await buildUser(t.ctx);
    a = (await buildProperty(t.app, owner, { title: "Harbour Loft" })).propertyId;
    b = (await buildProperty(t.app, owner, { title: "Beach Hut" })).propertyId;
    expect((await setZone(owner, "America/New_York")).json()).toEqual({ timeZone: "America/New_York", rebuilt: true });
    expect((await setZone(owner, "America/New_York")).json()).toEqual({ timeZone: "America/New_York", rebuilt: false });

    await visit("2026-07-08T15:00:00Z", a, "s8", UA.desktop); // the previous range
    await visit("2026-07-10T12:00:00Z", a, "s1", UA.iphone, "qr-code");
    await visit("2026-07-10T12:05:00Z", a, "s1", UA.iphone, "qr-code"); // the same session again: counted once
    await visit("2026-07-10T13:00:00Z", a, "s2", UA.pixel);
    await visit("2026-07-10T14:00:00Z", a, "s3", UA.desktop);
    await visit("2026-07-10T15:00:00Z", a, "s4", UA.ipad);
    await visit("2026-07-10T16:00:00Z", a, "s5", UA.desktop, "QR-Code"); // a desktop is a desktop, whatever the source
    await visit("2026-07-10T17:00:00Z", b, "s6", UA.desktop);
    await visit("2026-07-11T03:30:00Z", a, "s7", UA.iphone, "qr-code"); // 23:30 on the 10th in New York
    await visit("2026-07-11T04:30:00Z", a, "s7", UA.pixel); // 00:30 on the 11th: a new day, counted again
  });

  it("counts unique sessions per day by device, phones split by QR code and link, in the account's days, with the previous range", async () => {
    const res = await get(owner, "/api/analytics/visits?from=2026-07-10&to=2026-07-11");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: "2026-07-10",
      to: "2026-07-11",
      timeZone: "America/New_York",
      propertyId: null,
      days: [
        { day: "2026-07-10", ...counts({ desktop: 3, tablet: 1, mobileQr: 2, mobileLink: 1 }) },
        { day: "2026-07-11", ...counts({ mobileLink: 1 }) },
      ],
      totals: counts({ desktop: 3, tablet: 1, mobileQr: 2, mobileLink: 2 }),
      previous: { from: "2026-07-08", to: "2026-07-09", totals: counts({ desktop: 1 }) },
    });
  });

  it("answers for one property, and for a single day at the zone's day boundary", async () => {
    const one = (await get(owner, `/api/analytics/visits?from=2026-07-10&to=2026-07-10&propertyId=${a}`)).json();
    expect(one.propertyId).toBe(a);
    expect(one.days).toEqual([{ day: "2026-07-10", ...counts({ desktop: 2, tablet: 1, mobileQr: 2, mobileLink: 1 }) }]);
    expect(one.previous).toEqual({ from: "2026-07-09", to: "2026-07-09", totals: counts({}) });
    const other = (await get(owner, `/api/analytics/visits?from=2026-07-10&to=2026-07-10&propertyId=${b}`)).json();
    expect(other.totals).toEqual(counts({ desktop: 1 }));
    const eleventh = (await get(owner, "/api/analytics/visits?from=2026-07-11&to=2026-07-11")).json();
    expect(eleventh.totals).toEqual(counts({ mobileLink: 1 }));
  });

  it("rebuilds the rollup exactly as live inserts kept it, and moves the day boundaries when the zone changes", async () => {
    const live = await rollupOf(owner.accountId);
    expect(live.properties.length).toBeGreaterThan(0);
    // The account rollup sums the properties: desktop by link on the 10th is one session on each.
    expect(live.account).toContainEqual(
      expect.objectContaining({ day: "2026-07-10", deviceType: "desktop", source: "link", sessions: 2 }),
    );
    await rebuildRollup(t.ctx.db, owner.accountId, "America/New_York");
    expect(await rollupOf(owner.accountId)).toEqual(live);

    expect((await setZone(owner, "UTC")).json()).toEqual({ timeZone: "UTC", rebuilt: true });
    const utc = (await get(owner, "/api/analytics/visits?from=2026-07-10&to=2026-07-11")).json();
    // In UTC both of s7's visits fall on the 11th: one session, counted with its first visit's device and source.
    expect(utc.days).toEqual([
      { day: "2026-07-10", ...counts({ desktop: 3, tablet: 1, mobileQr: 1, mobileLink: 1 }) },
      { day: "2026-07-11", ...counts({ mobileQr: 1 }) },
    ]);
    expect((await setZone(owner, "America/New_York")).json().rebuilt).toBe(true);
    expect(await rollupOf(owner.accountId)).toEqual(live);
  });

  it("answers 404 for another account's property and shows another account nothing", async () => {
    const stranger = await buildUser(t.ctx);
    const res = await get(stranger, `/api/analytics/visits?from=2026-07-10&to=2026-07-11&propertyId=${a}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("NOT_FOUND");
    const own = (await get(stranger, "/api/analytics/visits?from=2026-07-08&to=2026-07-11")).json();
    expect(own.totals).toEqual(counts({}));
    expect(own.previous.totals).toEqual(counts({}));
    expect(
      (await get(stranger, "/api/analytics/visits?from=2026-07-10&to=2026-07-11&propertyId=nope")).statusCode,
    ).toBe(404);
  });

  it("shows a member limited to one property only that property's figures, without a property too (decision 056)", async () => {
    const bRow = (await propertyRowOf(t.ctx, owner.accountId, b))!.id;
    const member = await buildMember(t.ctx, owner, "viewer", [bRow]);
    const all = (await get(member, "/api/analytics/visits?from=2026-07-08&to=2026-07-11")).json();
    expect(all.totals).toEqual(counts({ desktop: 1 }));
    expect(all.days.find((d: { day: string }) => d.day === "2026-07-10")).toEqual({
      day: "2026-07-10",
      ...counts({ desktop: 1 }),
    });
    const sections = (await get(member, "/api/analytics/sections?from=2026-07-08&to=2026-07-11")).json();
    expect(sections.sessions).toBe(1);
    const options = (await get(member, "/api/analytics/options")).json();
    expect(options.properties.map((p: { propertyId: string }) => p.propertyId)).toEqual([b]);
    expect((await get(member, `/api/analytics/visits?from=2026-07-10&to=2026-07-11&propertyId=${a}`)).statusCode).toBe(
      404,
    );
  });

  it("refuses impossible dates, reversed ranges and ranges over a year with a clear message", async () => {
    const cases: [string, string][] = [
      ["from=2026-02-30&to=2026-03-01", copy.analytics.invalidDay],
      ["from=10/07/2026&to=2026-07-11", copy.analytics.invalidDay],
      ["from=2026-07-11&to=2026-07-10", copy.analytics.rangeReversed],
      ["from=2025-01-01&to=2026-07-01", copy.analytics.rangeTooLong],
      // Days outside 2000–2100: the day after 9999-12-31 once looped for ever, and year 0 answered 500.
      ["from=9999-01-01&to=9999-12-31", copy.analytics.invalidDay],
      ["from=0001-01-01&to=0001-12-31", copy.analytics.invalidDay],
    ];
    for (const [query, message] of cases) {
      const res = await get(owner, `/api/analytics/visits?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().error.issues.map((i: { message: string }) => i.message),
        query,
      ).toContain(message);
    }
    expect((await get(owner, "/api/analytics/visits?from=2025-07-11&to=2026-07-11")).statusCode).toBe(200);
    expect((await get(owner, "/api/analytics/visits")).statusCode).toBe(400);
  });
});

describe("GET /api/analytics/options and PUT /api/analytics/time-zone (ANL-01/02, OPEN-54)", () => {
  it("offers the months from the first property to this month, newest first, and the properties by title", async () => {
    t.clock.now = new Date("2026-07-10T12:00:00Z");
    const user = await buildUser(t.ctx);
    const fresh = (await get(user, "/api/analytics/options")).json();
    expect(fresh).toEqual({
      timeZone: null,
      today: "2026-07-10",
      months: ["2026-07"],
      properties: [],
      retentionDays: 400,
    });
    const p1 = await buildProperty(t.app, user, { title: "Zebra House" });
    const p2 = await buildProperty(t.app, user, { title: "Alpine Cabin" });
    await t.ctx.db
      .update(properties)
      .set({ createdAt: new Date("2026-05-15T12:00:00Z") })
      .where(eq(properties.propertyId, p1.propertyId));
    const options = (await get(user, "/api/analytics/options")).json();
    expect(options.months).toEqual(["2026-07", "2026-06", "2026-05"]);
    expect(options.properties).toEqual([
      { propertyId: p2.propertyId, title: "Alpine Cabin" },
      { propertyId: p1.propertyId, title: "Zebra House" },
    ]);
    // The account's zone decides "today": 02:00 UTC on the 1st is still the month before in Los Angeles.
    await setZone(user, "America/Los_Angeles");
    t.clock.now = new Date("2026-07-01T02:00:00Z");
    const la = (await get(user, "/api/analytics/options")).json();
    expect(la).toMatchObject({
      timeZone: "America/Los_Angeles",
      today: "2026-06-30",
      months: ["2026-06", "2026-05"],
    });
  });

  it("refuses an unknown time zone", async () => {
    const user = await buildUser(t.ctx);
    const res = await setZone(user, "Mars/Olympus_Mons");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues[0].message).toBe(copy.analytics.invalidTimeZone);
  });
});
