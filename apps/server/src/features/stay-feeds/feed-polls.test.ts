import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, renderFeedTemplate, startFeedServer, todayIso, type FeedServer } from "../../test/feed-server.ts";
import { fetchFeed } from "./feed-fetch.ts";
import { planFeedSync, type FeedStayState } from "./feed-sync-plan.ts";
import { parseFeed } from "./ics-parse.ts";

// The three pieces together over several polls of one feed that changes between them, with the stays kept
// in a plain list where the service will keep them in the stays table.
const today = todayIso();
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer();
});
afterAll(() => feeds.close());

const event = (uid: string, from: number, to: number, summary: string) =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART;VALUE=DATE:{{+${from}}}\r\nDTEND;VALUE=DATE:{{+${to}}}\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\n`;
const feed = (...events: string[]) =>
  renderFeedTemplate(
    `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//HomeAway.com\\, Inc.//EN\r\n${events.join("")}END:VCALENDAR\r\n`,
    today,
  );

describe("polling a feed that changes", () => {
  it("creates, moves, cancels and skips blocked dates, and a 304 costs nothing", async () => {
    const stays: FeedStayState[] = [];
    let validators: { etag?: string; lastModified?: string } = {};
    const poll = async () => {
      const fetched = await fetchFeed(feeds.feedUrl("vrbo"), { allowPrivate: true, ...validators });
      if (fetched.kind === "failed") throw new Error(fetched.code);
      if (fetched.kind === "not-modified") return "not-modified" as const;
      validators = { etag: fetched.etag, lastModified: fetched.lastModified };
      const parsed = parseFeed(fetched.body, {
        timeZone: "Europe/Lisbon",
        defaultCheckIn: "16:00",
        defaultCheckOut: "10:00",
      });
      if (!parsed.ok) throw new Error(parsed.code);
      const plan = planFeedSync(stays, parsed.reservations, today);
      for (const r of plan.create)
        stays.push({ stayId: `s${stays.length + 1}`, sourceId: r.uid, ...r, status: "confirmed" });
      for (const u of plan.update)
        Object.assign(
          stays.find((s) => s.stayId === u.stayId)!,
          u.reservation,
          { status: "confirmed" },
        );
      for (const c of plan.cancel) stays.find((s) => s.stayId === c.stayId)!.status = "cancelled";
      return { plan, counts: parsed.counts };
    };
    const summary = () => stays.map((s) => [s.sourceId, s.checkInDate, s.checkOutDate, s.guestFirstName, s.status]);

    feeds.setFeed(
      "vrbo",
      feed(event("a", 2, 5, "Reserved - Ana Silva"), event("b", 8, 10, "Ben Costa"), event("x", 12, 20, "Blocked")),
    );
    expect(await poll()).toMatchObject({ counts: { blocked: 1 } });
    expect(summary()).toEqual([
      ["a", addDays(today, 2), addDays(today, 5), "Ana", "confirmed"],
      ["b", addDays(today, 8), addDays(today, 10), "Ben", "confirmed"],
    ]);
    expect(await poll()).toBe("not-modified");

    // Ana's stay moves a day, Ben's disappears, Carla books.
    feeds.setFeed("vrbo", feed(event("a", 3, 6, "Reserved - Ana Silva"), event("c", 14, 16, "Carla Reis")));
    await poll();
    expect(summary()).toEqual([
      ["a", addDays(today, 3), addDays(today, 6), "Ana", "confirmed"],
      ["b", addDays(today, 8), addDays(today, 10), "Ben", "cancelled"],
      ["c", addDays(today, 14), addDays(today, 16), "Carla", "confirmed"],
    ]);

    // Ben rebooks under the same reservation.
    feeds.setFeed(
      "vrbo",
      feed(event("a", 3, 6, "Reserved - Ana Silva"), event("b", 8, 10, "Ben Costa"), event("c", 14, 16, "Carla Reis")),
    );
    const third = await poll();
    expect(third).toMatchObject({ plan: { update: [{ stayId: "s2", reconfirm: true }], unchanged: ["s1", "s3"] } });
    expect(stays.map((s) => s.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
    expect(feeds.requests.filter((r) => r.name === "vrbo").map((r) => r.status)).toEqual([200, 304, 200, 200]);
  });
});
