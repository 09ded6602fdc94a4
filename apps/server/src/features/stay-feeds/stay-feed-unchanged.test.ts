import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StayDto } from "@doorstep/shared/schemas/stays";
import { stayFeeds } from "../../db/schema/stay-feeds.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { addDays, renderFeedTemplate, startFeedServer, todayIso, type FeedServer } from "../../test/feed-server.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

// A channel that sends no ETag or Last-Modified: the same body again changes nothing, like a 304, unless the
// property's default times (which all-day events take) have changed since (decision 041).
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

const day = (n: number) => addDays(todayIso(), n);
const body = renderFeedTemplate(
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//PMS//EN\r\nBEGIN:VEVENT\r\nUID:u1\r\nDTSTART;VALUE=DATE:{{+2}}\r\n" +
    "DTEND;VALUE=DATE:{{+4}}\r\nSUMMARY:Lea Roth\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
);

describe("a feed without validators", () => {
  it("treats the same body as unchanged, and reads it again when the property's default times change", async () => {
    const { propertyId } = await buildProperty(t.app, host);
    feeds.setFeed("plain", body);
    const added = await t.as(host, "POST", `/api/properties/${propertyId}/stay-feeds`, {
      url: feeds.feedUrl("plain"),
      channel: "PMS",
    });
    const feedId = added.json().feed.id as string;
    const sync = async () => (await t.as(host, "POST", `/api/stay-feeds/${feedId}/sync`)).json().feed;
    const stays = async () =>
      (await t.as(host, "GET", `/api/properties/${propertyId}/stays?from=${day(0)}&to=${day(10)}`)).json()
        .stays as StayDto[];
    // The channel sends no validators: forget the ones the local server sent.
    const forgetValidators = () =>
      t.ctx.db.update(stayFeeds).set({ etag: null, lastModified: null }).where(eq(stayFeeds.id, feedId));

    await sync();
    const first = await stays();
    expect(first.map((s) => [s.guestFirstName, s.checkInDate, s.checkInTime])).toEqual([["Lea", day(2), "15:00"]]);
    await forgetValidators();
    t.clock.advance(60_000);
    const again = await sync();
    expect(again.lastSyncedAt).toBe(t.clock.now.toISOString());
    expect(await stays()).toEqual(first);
    expect(feeds.requests.filter((r) => r.name === "plain").map((r) => r.status)).toEqual([200, 200]);

    const patched = await t.as(host, "PATCH", `/api/properties/${propertyId}`, { defaultCheckInTime: "16:00" });
    expect(patched.statusCode, patched.body).toBe(204);
    await forgetValidators();
    await sync();
    expect((await stays()).map((s) => s.checkInTime)).toEqual(["16:00"]);
  });
});
