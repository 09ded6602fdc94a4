import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guideVisitDays, guideVisits } from "../../db/schema/visits.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser } from "../../test/factories.ts";
import { deviceTypeOf, isBot } from "./device.ts";
import { flushVisits } from "./visits.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
  pixel:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
  desktop:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

const post = (body: object, ua: string, ip = "203.0.113.5") =>
  t.app.inject({
    method: "POST",
    url: "/api/guide/visits",
    remoteAddress: ip,
    headers: { "user-agent": ua },
    payload: body,
  });
/** Posts a visit and writes it at once (visits are written in batches, report-buffer.ts). */
const visit = async (body: object, ua: string, ip = "203.0.113.5") => {
  const res = await post(body, ua, ip);
  await flushVisits(t.ctx);
  return res;
};
const session = () => `s${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.slice(0, 24);

describe("device type and bots (ANL-03, IMPL-05)", () => {
  it("classifies phones, tablets and desktops, and knows obvious bots", () => {
    expect(deviceTypeOf(UA.iphone)).toBe("mobile");
    expect(deviceTypeOf(UA.pixel)).toBe("mobile");
    expect(deviceTypeOf(UA.ipad)).toBe("tablet");
    expect(deviceTypeOf(UA.androidTablet)).toBe("tablet");
    expect(deviceTypeOf(UA.desktop)).toBe("desktop");
    for (const bot of [
      UA.googlebot,
      "curl/8.5.0",
      "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0 Safari/537.36",
      "facebookexternalhit/1.1",
      "",
    ])
      expect(isBot(bot), bot).toBe(true);
    expect(isBot(UA.iphone)).toBe(false);
  });
});

describe("POST /api/guide/visits (GUIDE-17, ANL-04/05, IMPL-05)", () => {
  it("records one visit per session, property and day with device type and utm source; no IP or user agent; bots and inactive guides ignored", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const qr = session();
    expect((await visit({ propertyId, trackingSessionId: qr, utmSource: "qr-code" }, UA.iphone)).statusCode).toBe(204);
    expect((await visit({ propertyId, trackingSessionId: qr, utmSource: "qr-code" }, UA.iphone)).statusCode).toBe(204);
    await visit({ propertyId, trackingSessionId: session(), utmSource: null }, UA.pixel);
    // A campaign tag we cannot store loses the tag, not the visit.
    const tagged = session();
    expect(
      (await visit({ propertyId, trackingSessionId: tagged, utmSource: "summer sale! 🌞" }, UA.desktop)).statusCode,
    ).toBe(204);
    await visit({ propertyId, trackingSessionId: session() }, UA.googlebot);
    expect((await visit({ propertyId: "no-such-guide", trackingSessionId: session() }, UA.desktop)).statusCode).toBe(
      204,
    );
    expect((await visit({ propertyId, trackingSessionId: "short" }, UA.desktop)).statusCode).toBe(400);

    const rows = await t.ctx.db.select().from(guideVisits).where(eq(guideVisits.accountId, user.accountId));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.trackingSessionId === qr)).toMatchObject({
      deviceType: "mobile",
      utmSource: "qr-code",
      accountId: user.accountId,
    });
    expect(rows.find((r) => r.trackingSessionId === tagged)).toMatchObject({ deviceType: "desktop", utmSource: null });
    expect(rows.map((r) => r.deviceType).sort()).toEqual(["desktop", "mobile", "mobile"]);
    // No personal data: the row has no column for an IP or a user agent.
    expect(Object.keys(rows[0]!).sort()).toEqual([
      "accountId",
      "createdAt",
      "deviceType",
      "id",
      "language",
      "propertyId",
      "trackingSessionId",
      "utmSource",
      "visitDay",
    ]);

    const days = await t.ctx.db.select().from(guideVisitDays).where(eq(guideVisitDays.accountId, user.accountId));
    const count = (deviceType: string, source: string) =>
      days.find((d) => d.deviceType === deviceType && d.source === source)?.sessions ?? 0;
    expect(count("mobile", "qr-code")).toBe(1);
    expect(count("mobile", "link")).toBe(1);
    expect(count("desktop", "link")).toBe(1);

    // The next day the same session counts again.
    t.clock.advance(86_400_000);
    await visit({ propertyId, trackingSessionId: qr, utmSource: "qr-code" }, UA.iphone);
    expect(await t.ctx.db.select().from(guideVisits).where(eq(guideVisits.accountId, user.accountId))).toHaveLength(4);

    // Not Live: nothing recorded.
    await t.app.inject({
      method: "PATCH",
      url: `/api/properties/${propertyId}`,
      headers: { cookie: user.cookie },
      payload: { published: false },
    });
    await visit({ propertyId, trackingSessionId: session() }, UA.desktop);
    expect(await t.ctx.db.select().from(guideVisits).where(eq(guideVisits.accountId, user.accountId))).toHaveLength(4);
  });

  it("is rate-limited per IP", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    let status = 0;
    for (let i = 0; i <= t.config.guide.visits.max; i++)
      status = (await visit({ propertyId, trackingSessionId: session() }, UA.googlebot, "198.51.100.7")).statusCode;
    expect(status).toBe(429);
  });
});

describe("batched visit writes", () => {
  it("waits in memory, then writes a batch in one go: a session repeated within the batch counts once, the first report kept, rollups by device and source", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const twice = session();
    for (const [body, ua] of [
      [{ propertyId, trackingSessionId: twice, utmSource: "QR-Code" }, UA.iphone],
      [{ propertyId, trackingSessionId: twice }, UA.desktop],
      [{ propertyId, trackingSessionId: session() }, UA.ipad],
      [{ propertyId, trackingSessionId: session(), utmSource: "newsletter" }, UA.ipad],
    ] as const)
      expect((await post(body, ua)).statusCode).toBe(204);
    const rows = () => t.ctx.db.select().from(guideVisits).where(eq(guideVisits.accountId, user.accountId));
    expect(await rows()).toHaveLength(0);

    await flushVisits(t.ctx);
    const written = await rows();
    expect(written).toHaveLength(3);
    expect(written.find((r) => r.trackingSessionId === twice)).toMatchObject({
      deviceType: "mobile",
      utmSource: "qr-code",
    });
    const days = await t.ctx.db.select().from(guideVisitDays).where(eq(guideVisitDays.accountId, user.accountId));
    expect(
      days.map((d) => [d.deviceType, d.source, d.sessions]).sort((a, b) => String(a).localeCompare(String(b))),
    ).toEqual([
      ["mobile", "qr-code", 1],
      ["tablet", "link", 2],
    ]);
  });
});
