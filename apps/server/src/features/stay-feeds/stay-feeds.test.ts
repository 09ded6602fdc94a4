import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StayDto } from "@doorstep/shared/schemas/stays";
import type { StayFeedDto } from "@doorstep/shared/schemas/stay-feeds";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { addDays, renderFeedTemplate, startFeedServer, todayIso, type FeedServer } from "../../test/feed-server.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { pollDueFeeds } from "./stay-feed-sync.service.ts";

// Calendar feeds through the API against the local feed server: the stays they make, how a later poll changes
// them, what a 304 or a failure leaves, and what the host added surviving (decision 041).
let t: TestApp;
let feeds: FeedServer;
let host: TestUser;
beforeAll(async () => {
  [t, feeds] = await Promise.all([createTestApp(), startFeedServer()]);
  host = await buildUser(t.ctx);
});
afterAll(async () => {
  await feeds.close();
  await t.close();
});

const today = todayIso();
const day = (n: number) => addDays(today, n);
const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object, user = host) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });

async function addFeed(propertyId: string, name: string, channel: string): Promise<StayFeedDto> {
  const res = await api("POST", `/api/properties/${propertyId}/stay-feeds`, { url: feeds.feedUrl(name), channel });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().feed;
}
async function syncNow(feedId: string): Promise<StayFeedDto> {
  const res = await api("POST", `/api/stay-feeds/${feedId}/sync`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().feed;
}
/** A property's stays around today, of one channel when given. */
async function staysOf(propertyId: string, channel?: string): Promise<StayDto[]> {
  const res = await api("GET", `/api/properties/${propertyId}/stays?from=${day(-20)}&to=${day(40)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().stays as StayDto[])
    .filter((s) => channel === undefined || s.channel === channel)
    .sort((a, b) => a.checkInDate.localeCompare(b.checkInDate));
}
const brief = (s: StayDto) => [s.guestFirstName, s.guestLastName, s.checkInDate, s.checkOutDate, s.status];

const event = (uid: string, from: number, to: number, summary: string) =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART;VALUE=DATE:{{${from < 0 ? from : `+${from}`}}}\r\nDTEND;VALUE=DATE:{{+${to}}}\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\n`;
const calendar = (...events: string[]) =>
  renderFeedTemplate(
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//HomeAway.com\\, Inc.//EN\r\n${events.join("")}END:VCALENDAR\r\n`,
    today,
  );

describe("calendar feeds of a property's stays", () => {
  it("creates the stays of Airbnb, Booking.com and Vrbo feeds with the property's default times, and says what it skipped", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    feeds.serveFixture("airbnb-1", "airbnb");
    feeds.serveFixture("booking-1", "booking");
    feeds.serveFixture("vrbo-1", "vrbo");
    const airbnb = await addFeed(propertyId, "airbnb-1", "Airbnb");
    t.clock.advance(1000);
    const booking = await addFeed(propertyId, "booking-1", "Booking.com");
    t.clock.advance(1000);
    const vrbo = await addFeed(propertyId, "vrbo-1", "Vrbo");
    expect(airbnb).toMatchObject({ channel: "Airbnb", lastSyncedAt: null, lastError: null });
    // The list shows the link shortened, never the secret token.
    expect(airbnb.urlHint).not.toContain("airbnb-1.ics");

    const synced = await syncNow(airbnb.id);
    expect(synced.lastSyncedAt).toBe(t.clock.now.toISOString());
    expect(synced.lastCounts).toMatchObject({ reservations: 3, blocked: 2, recurring: 0, cancelledStays: 0 });
    const airbnbStays = await staysOf(propertyId, "Airbnb");
    expect(airbnbStays.map(brief)).toEqual([
      ["Airbnb guest", "", day(-6), day(-2), "confirmed"],
      ["Airbnb guest", "", day(3), day(7), "confirmed"],
      ["Airbnb guest", "", day(10), day(14), "confirmed"],
    ]);
    expect(airbnbStays[1]).toMatchObject({
      source: "feed",
      channel: "Airbnb",
      checkInTime: "15:00",
      checkOutTime: "11:00",
    });
    // The reservation link and the phone's last digits from the description are kept in the notes.
    expect(airbnbStays[1]!.notes).toContain("https://www.airbnb.com/hosting/reservations/details/HMABCDEF12");
    expect(airbnbStays[1]!.notes).toContain("1234");

    expect((await syncNow(booking.id)).lastCounts).toMatchObject({ reservations: 2, blocked: 2 });
    expect((await staysOf(propertyId, "Booking.com")).map((s) => [s.checkInDate, s.checkOutDate])).toEqual([
      [day(5), day(8)],
      [day(12), day(15)],
    ]);

    expect((await syncNow(vrbo.id)).lastCounts).toMatchObject({ reservations: 2, blocked: 1 });
    expect((await staysOf(propertyId, "Vrbo")).map(brief)).toEqual([
      ["Jane", "Doe", day(2), day(6), "confirmed"],
      ["Marie-Claire", "van der Berg", day(9), day(13), "confirmed"],
    ]);

    // The list answers each feed's status.
    const list = await api("GET", `/api/properties/${propertyId}/stay-feeds`);
    expect(list.json().items.map((f: StayFeedDto) => [f.channel, f.lastError, f.lastCounts?.blocked])).toEqual([
      ["Airbnb", null, 2],
      ["Booking.com", null, 2],
      ["Vrbo", null, 1],
    ]);
  });

  it("follows the feed on the next poll (new, moved, dropped, newly blocked), changes nothing on a 304, and keeps what the host added and the past", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    feeds.setFeed(
      "pms-1",
      calendar(
        event("past", -8, 3, "Reserved - Pia Past"),
        event("ana", 2, 5, "Reserved - Ana Silva"),
        event("ben", 8, 10, "Ben Costa"),
      ),
    );
    const feed = await addFeed(propertyId, "pms-1", "Vrbo");
    // The poll syncs the new feed (due at once) and nothing else.
    expect(await pollDueFeeds(t.ctx)).toBeGreaterThanOrEqual(1);
    const first = await staysOf(propertyId);
    expect(first.map(brief)).toEqual([
      ["Pia", "Past", day(-8), day(3), "confirmed"],
      ["Ana", "Silva", day(2), day(5), "confirmed"],
      ["Ben", "Costa", day(8), day(10), "confirmed"],
    ]);
    const ana = first[1]!;
    const edit = await api("PATCH", `/api/stays/${ana.id}`, {
      guestEmail: "ana@example.com",
      doorCode: "2468",
      notes: "Arrives late",
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // Not due yet: nothing is fetched. A period later the feed has not changed: a 304, nothing changes.
    const requests = () => feeds.requests.filter((r) => r.name === "pms-1").map((r) => r.status);
    expect(await pollDueFeeds(t.ctx)).toBe(0);
    const beforeNotModified = await staysOf(propertyId);
    t.clock.advance(15 * 60_000);
    expect(await pollDueFeeds(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(requests()).toEqual([200, 304]);
    expect(await staysOf(propertyId)).toEqual(beforeNotModified);

    // Pia's stay (under way) and Ben's leave the feed: both cancelled, since neither has checked out. Ana's moves
    // a day, Carla books, new dates are blocked.
    feeds.setFeed(
      "pms-1",
      calendar(
        event("ana", 3, 6, "Reserved - Ana Silva"),
        event("carla", 14, 16, "Carla Reis"),
        event("x", 20, 25, "Blocked"),
      ),
    );
    const synced = await syncNow(feed.id);
    expect(synced.lastCounts).toMatchObject({ reservations: 2, blocked: 1, cancelledStays: 2 });
    const second = await staysOf(propertyId);
    expect(second.map(brief)).toEqual([
      ["Pia", "Past", day(-8), day(3), "cancelled"],
      ["Ana", "Silva", day(3), day(6), "confirmed"],
      ["Ben", "Costa", day(8), day(10), "cancelled"],
      ["Carla", "Reis", day(14), day(16), "confirmed"],
    ]);
    expect(second[1]).toMatchObject({
      guestEmail: "ana@example.com",
      doorCode: "2468",
      notes: "Arrives late",
      checkInAt: `${day(3)}T15:00:00.000Z`,
    });
    expect(requests()).toEqual([200, 304, 200]);
  });

  it("leaves a stay that has checked out alone when the feed drops it", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    feeds.setFeed("past-1", calendar(event("gone", -9, 2, "Old Guest"), event("next", 4, 6, "Next Guest")));
    const feed = await addFeed(propertyId, "past-1", "Vrbo");
    await syncNow(feed.id);
    // Three days on the first stay has checked out; the feed no longer lists it.
    t.clock.advance(3 * 86_400_000);
    feeds.setFeed("past-1", calendar(event("next", 4, 6, "Next Guest")));
    expect((await syncNow(feed.id)).lastCounts).toMatchObject({ cancelledStays: 0 });
    expect((await staysOf(propertyId)).map((s) => [s.sourceId, s.status])).toEqual([
      ["gone", "confirmed"],
      ["next", "confirmed"],
    ]);
    t.clock.advance(-3 * 86_400_000);
  });

  it("keeps the stays when a fetch fails, and shows the error until a sync succeeds", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    feeds.setFeed("flaky-1", calendar(event("a", 2, 4, "Dana Lee")));
    const feed = await addFeed(propertyId, "flaky-1", "Airbnb");
    const ok = await syncNow(feed.id);
    const before = await staysOf(propertyId);
    feeds.respondWith("flaky-1", 503);
    t.clock.advance(60_000);
    const failed = await syncNow(feed.id);
    expect(failed.lastError).toEqual({ code: "http-status", params: { status: 503 } });
    expect(failed.lastSyncedAt).toBe(ok.lastSyncedAt);
    expect(failed.lastPolledAt).toBe(t.clock.now.toISOString());
    expect(await staysOf(propertyId)).toEqual(before);
    // A damaged file is an error too, and changes no stay.
    feeds.setFeed("flaky-1", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage", "text/calendar");
    expect((await syncNow(feed.id)).lastError?.code).toBe("malformed");
    expect(await staysOf(propertyId)).toEqual(before);
    feeds.setFeed("flaky-1", calendar(event("a", 2, 4, "Dana Lee")));
    expect((await syncNow(feed.id)).lastError).toBeNull();
  });

  it("edits a feed (the whole link only in its own answer), refuses a link that is not http(s), and removes it keeping its stays", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    feeds.setFeed("edit-1", calendar(event("a", 2, 4, "Eve Moss")));
    const feed = await addFeed(propertyId, "edit-1", "Airbnb");
    await syncNow(feed.id);
    const bad = await api("POST", `/api/properties/${propertyId}/stay-feeds`, {
      url: "ftp://x.test/a.ics",
      channel: "X",
    });
    expect(bad.statusCode).toBe(400);
    const detail = await api("GET", `/api/stay-feeds/${feed.id}`);
    expect(detail.json()).toMatchObject({ url: feeds.feedUrl("edit-1"), feed: { id: feed.id } });
    const renamed = await api("PATCH", `/api/stay-feeds/${feed.id}`, { channel: "Airbnb (Lisbon)" });
    expect(renamed.json().feed.channel).toBe("Airbnb (Lisbon)");
    expect((await api("DELETE", `/api/stay-feeds/${feed.id}`)).statusCode).toBe(204);
    expect((await api("GET", `/api/stay-feeds/${feed.id}`)).statusCode).toBe(404);
    expect((await staysOf(propertyId)).map((s) => s.status)).toEqual(["confirmed"]);
  });

  it("answers another account 404 for the feeds of a property it does not own", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    const stranger = await buildUser(t.ctx);
    const list = await api("GET", `/api/properties/${propertyId}/stay-feeds`, undefined, stranger);
    expect(list.statusCode).toBe(404);
    const add = await api(
      "POST",
      `/api/properties/${propertyId}/stay-feeds`,
      { url: "https://example.com/a.ics", channel: "X" },
      stranger,
    );
    expect(add.statusCode).toBe(404);
  });
});
