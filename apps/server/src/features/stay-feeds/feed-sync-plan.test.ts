import { describe, expect, it } from "vitest";
import { addDays, todayIso } from "../../test/feed-server.ts";
import { planFeedSync, type FeedStayState } from "./feed-sync-plan.ts";
import type { FeedReservation } from "./ics-parse.ts";

const today = todayIso();

function reservation(uid: string, inDays: number, nights: number, name = "Jane Doe"): FeedReservation {
  const [first, ...last] = name.split(" ");
  return {
    uid,
    guestFirstName: first!,
    guestLastName: last.join(" "),
    guestNameIsPlaceholder: false,
    checkInDate: addDays(today, inDays),
    checkInTime: "15:00",
    checkOutDate: addDays(today, inDays + nights),
    checkOutTime: "11:00",
    summary: name,
  };
}

function stay(r: FeedReservation, overrides: Partial<FeedStayState> = {}): FeedStayState {
  return {
    stayId: `stay-${r.uid}`,
    sourceId: r.uid,
    checkInDate: r.checkInDate,
    checkInTime: r.checkInTime,
    checkOutDate: r.checkOutDate,
    checkOutTime: r.checkOutTime,
    guestFirstName: r.guestFirstName,
    guestLastName: r.guestLastName,
    status: "confirmed",
    ...overrides,
  };
}

describe("planFeedSync", () => {
  it("creates new reservations and leaves identical ones unchanged", () => {
    const kept = reservation("kept", 3, 2);
    const fresh = reservation("fresh", 10, 4);
    const plan = planFeedSync([stay(kept)], [kept, fresh], today);
    expect(plan).toEqual({ create: [fresh], update: [], cancel: [], unchanged: ["stay-kept"] });
  });

  it("dates follow the feed: a moved stay is updated with only the fields that changed", () => {
    const before = reservation("moved", 3, 2);
    const after = { ...reservation("moved", 4, 3), checkInTime: "15:00" };
    const plan = planFeedSync([stay(before)], [after], today);
    expect(plan.update).toEqual([
      { stayId: "stay-moved", reservation: after, changed: ["checkInDate", "checkOutDate"], reconfirm: false },
    ]);
    expect(plan.create).toEqual([]);
  });

  it("a renamed guest is updated; a feed that names no guest keeps the name the host typed", () => {
    const renamed = reservation("r", 3, 2, "Janet Doe");
    const airbnb = { ...reservation("a", 5, 2, "Airbnb guest"), guestNameIsPlaceholder: true };
    const plan = planFeedSync(
      [stay(reservation("r", 3, 2)), stay(airbnb, { guestFirstName: "Ravi", guestLastName: "Patel" })],
      [renamed, airbnb],
      today,
    );
    expect(plan.update.map((u) => [u.stayId, u.changed])).toEqual([["stay-r", ["guestFirstName"]]]);
    expect(plan.unchanged).toEqual(["stay-a"]);
  });

  it("cancels a future or current stay that left the feed, but not a past one", () => {
    const future = reservation("future", 5, 2);
    const current = reservation("current", -2, 4);
    const leavesToday = reservation("leaves-today", -3, 3);
    const past = reservation("past", -10, 3);
    const plan = planFeedSync([stay(future), stay(current), stay(leavesToday), stay(past)], [], today);
    expect(plan.cancel).toEqual([
      { stayId: "stay-future", sourceId: "future" },
      { stayId: "stay-current", sourceId: "current" },
      { stayId: "stay-leaves-today", sourceId: "leaves-today" },
    ]);
    expect(plan.unchanged).toEqual(["stay-past"]);
  });

  it("a cancelled stay that comes back is confirmed again; one that stays away is left cancelled", () => {
    const back = reservation("back", 6, 2);
    const gone = reservation("gone", 8, 2);
    const plan = planFeedSync(
      [stay(back, { status: "cancelled" }), stay(gone, { status: "cancelled" })],
      [back],
      today,
    );
    expect(plan.update).toEqual([{ stayId: "stay-back", reservation: back, changed: [], reconfirm: true }]);
    expect(plan.cancel).toEqual([]);
    expect(plan.unchanged).toEqual(["stay-gone"]);
  });

  it("plans 10,000 stays against 10,000 reservations in one pass", () => {
    const parsed = Array.from({ length: 10_000 }, (_, i) => reservation(`u${i}`, i % 300, 3));
    const existing = parsed.map((r, i) => stay(r, i % 2 === 0 ? {} : { checkOutTime: "10:00" }));
    const plan = planFeedSync(existing, parsed, today);
    expect(plan.update).toHaveLength(5_000);
    expect(plan.unchanged).toHaveLength(5_000);
  });
});
