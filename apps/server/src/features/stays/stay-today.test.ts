import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StayTodayResponse } from "@doorstep/shared/schemas/stays";
import { eq } from "drizzle-orm";
import { stayFeeds } from "../../db/schema/stay-feeds.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

type Method = "GET" | "POST" | "PATCH";

describe("GET /api/stays/today: arrivals and departures on each property's own clock", () => {
  let t: TestApp;
  let host: TestUser;
  let reykjavik: string;
  let tokyo: string;
  // Today's date in UTC, from the test's own clock.
  let day0: string;
  const day = (n: number) => new Date(Date.parse(`${day0}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const api = (user: TestUser, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });

  beforeAll(async () => {
    t = await createTestApp();
    day0 = t.clock.now.toISOString().slice(0, 10);
    host = await buildUser(t.ctx);
    // Reykjavik keeps UTC all year; Tokyo is nine hours ahead, so late in the UTC evening its today is our tomorrow.
    reykjavik = (await buildProperty(t.app, host, { title: "Harbour flat" })).propertyId;
    tokyo = (await buildProperty(t.app, host, { title: "Shibuya loft" })).propertyId;
    for (const [id, timeZone] of [
      [reykjavik, "Atlantic/Reykjavik"],
      [tokyo, "Asia/Tokyo"],
    ] as const) {
      expect((await api(host, "PATCH", `/api/properties/${id}`, { timeZone })).statusCode).toBe(204);
    }
  });
  afterAll(() => t.close());

  const add = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await api(user, "POST", "/api/stays", { guestLastName: "Guest", ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().stay as { id: string };
  };
  const today = async (user: TestUser) => {
    const res = await api(user, "GET", "/api/stays/today");
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StayTodayResponse;
  };

  it("lists today's and tomorrow's arrivals and departures, soonest first, never another account's", async () => {
    const r = reykjavik;
    const arriving = await add(host, {
      propertyId: r,
      guestFirstName: "Ana",
      checkInDate: day(0),
      checkOutDate: day(3),
    });
    await add(host, { propertyId: r, guestFirstName: "Bo", checkInDate: day(1), checkOutDate: day(4) });
    await add(host, { propertyId: r, guestFirstName: "Later", checkInDate: day(2), checkOutDate: day(5) });
    await add(host, { propertyId: r, guestFirstName: "Leaving", checkInDate: day(-3), checkOutDate: day(0) });
    // Tokyo's today is day(1) at 22:30 UTC.
    await add(host, { propertyId: tokyo, guestFirstName: "Kenji", checkInDate: day(1), checkOutDate: day(5) });
    await add(host, { propertyId: tokyo, guestFirstName: "Yui", checkInDate: day(0), checkOutDate: day(2) });
    const cancelled = await add(host, {
      propertyId: r,
      guestFirstName: "Gone",
      checkInDate: day(0),
      checkOutDate: day(1),
    });
    expect((await api(host, "POST", `/api/stays/${cancelled.id}/cancel`, {})).statusCode).toBe(200);

    const stranger = await buildUser(t.ctx);
    const theirs = (await buildProperty(t.app, stranger)).propertyId;
    await add(stranger, { propertyId: theirs, guestFirstName: "Theirs", checkInDate: day(0), checkOutDate: day(1) });

    t.clock.now = new Date(`${day0}T22:30:00Z`);
    const result = await today(host);
    expect(result.arrivals.map((a) => [a.guestName, a.day, a.propertyTitle])).toEqual([
      // Tokyo's 15:00 on day(1) is 06:00 UTC that day, after Reykjavik's 15:00 on day(0).
      ["Ana Guest", "today", "Harbour flat"],
      ["Kenji Guest", "today", "Shibuya loft"],
      ["Bo Guest", "tomorrow", "Harbour flat"],
    ]);
    expect(result.arrivals[0]).toMatchObject({
      stayId: arriving.id,
      date: day(0),
      timeZone: "Atlantic/Reykjavik",
    });
    expect(result.arrivals[0]!.time).toMatch(/^\d{2}:\d{2}$/);
    expect(result.departures.map((d) => [d.guestName, d.day])).toEqual([
      ["Leaving Guest", "today"],
      ["Yui Guest", "tomorrow"],
    ]);

    const theirView = await today(stranger);
    expect(theirView.arrivals.map((a) => a.guestName)).toEqual(["Theirs Guest"]);
    expect(theirView.departures.map((d) => d.guestName)).toEqual(["Theirs Guest"]);
  });

  it("lists the calendar feeds whose last read failed, with their property, never another account's (issue 37)", async () => {
    const addFeed = async (user: TestUser, propertyId: string, channel: string) => {
      const res = await api(user, "POST", `/api/properties/${propertyId}/stay-feeds`, {
        url: `https://calendar.example.com/${channel}.ics`,
        channel,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().feed.id as string;
    };
    const failing = await addFeed(host, tokyo, "Airbnb");
    await addFeed(host, reykjavik, "Booking.com");
    const stranger = await buildUser(t.ctx);
    const theirs = await addFeed(stranger, (await buildProperty(t.app, stranger)).propertyId, "Vrbo");
    // The poll's outcome, as the sync writes it (stay-feed-sync.service.ts).
    for (const id of [failing, theirs])
      await t.ctx.db
        .update(stayFeeds)
        .set({ lastErrorCode: "http-status", lastErrorParams: { status: 503 } })
        .where(eq(stayFeeds.id, id));
    expect((await today(host)).feedErrors).toEqual([
      { feedId: failing, propertyId: tokyo, propertyTitle: "Shibuya loft", channel: "Airbnb" },
    ]);
    // A good sync clears the error, and the panel with it.
    await t.ctx.db
      .update(stayFeeds)
      .set({ lastErrorCode: null, lastErrorParams: null })
      .where(eq(stayFeeds.id, failing));
    expect((await today(host)).feedErrors).toEqual([]);
    expect((await today(stranger)).feedErrors.map((f) => f.feedId)).toEqual([theirs]);
  });

  it("answers empty lists for an account with no stays, and asks for a signed-in caller", async () => {
    const fresh = await buildUser(t.ctx);
    expect(await today(fresh)).toEqual({ arrivals: [], departures: [], feedErrors: [] });
    expect((await t.app.inject({ method: "GET", url: "/api/stays/today" })).statusCode).toBe(401);
  });
});
