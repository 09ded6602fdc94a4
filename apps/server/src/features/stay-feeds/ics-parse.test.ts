import { describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { addDays, renderFeedFixture, renderFeedTemplate, todayIso } from "../../test/feed-server.ts";
import { parseFeed, type FeedReservation, type ParseFeedOptions } from "./ics-parse.ts";

const today = todayIso();
const london: ParseFeedOptions = { timeZone: "Europe/London", defaultCheckIn: "15:00", defaultCheckOut: "11:00" };

function parsed(text: string, options = london) {
  const result = parseFeed(text, options);
  if (!result.ok) throw new Error(`parse failed: ${result.code}`);
  return result;
}

const calendar = (...events: string[][]) =>
  renderFeedTemplate(
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//EN",
      ...events.flatMap((e) => ["BEGIN:VEVENT", ...e, "END:VEVENT"]),
      "END:VCALENDAR",
      "",
    ].join("\r\n"),
    today,
  );

describe("parseFeed: the channels' own calendars", () => {
  it("Airbnb: 'Reserved' is an Airbnb guest with the reservation link and phone digits; 'Not available' is skipped", () => {
    const { reservations, counts } = parsed(renderFeedFixture("airbnb", today));
    expect(counts).toEqual({ total: 5, blocked: 2, recurring: 0, cancelled: 0, invalid: 0, duplicate: 0 });
    expect(reservations).toHaveLength(3);
    expect(reservations[1]).toEqual<FeedReservation>({
      uid: "1418fb94e984-5f2d8e1b9c7a4e3f8b2a6d1c0e9f7a35@airbnb.com",
      guestFirstName: copy.stayFeeds.airbnbGuest,
      guestLastName: "",
      guestNameIsPlaceholder: true,
      checkInDate: addDays(today, 3),
      checkInTime: "15:00",
      // DTEND is the check-out day.
      checkOutDate: addDays(today, 7),
      checkOutTime: "11:00",
      reservationUrl: "https://www.airbnb.com/hosting/reservations/details/HMABCDEF12",
      phoneLast4: "1234",
      summary: "Reserved",
      description:
        "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMABCDEF12\nPhone Number (Last 4 Digits): 1234",
    });
    expect(reservations[0]).toMatchObject({
      checkInDate: addDays(today, -6),
      checkOutDate: addDays(today, -2),
      phoneLast4: "4821",
    });
    expect(copy.stayFeeds.airbnbGuest).toBe("Airbnb guest");
  });

  it("Booking.com: 'CLOSED - Not available' is skipped; reservations without a name are a guest", () => {
    const { reservations, counts } = parsed(renderFeedFixture("booking", today));
    expect(counts).toMatchObject({ total: 4, blocked: 2 });
    expect(reservations.map((r) => [r.uid, r.guestFirstName, r.guestLastName, r.checkInDate, r.checkOutDate])).toEqual([
      ["9b7e5c3a1f9d7b5e3c1a9f7d5b3e1c92@booking.com", "Guest", "", addDays(today, 5), addDays(today, 8)],
      ["e2c4a6f8b0d2e4c6a8f0b2d4e6c8a0f3@booking.com", "Guest", "", addDays(today, 12), addDays(today, 15)],
    ]);
    expect(reservations[0]!.summary).toBe("");
  });

  it("Vrbo: 'Reserved - First Last' and bare names are the guest's name; 'Blocked' is skipped", () => {
    const { reservations, counts } = parsed(renderFeedFixture("vrbo", today));
    expect(counts).toMatchObject({ total: 3, blocked: 1, invalid: 0 });
    expect(reservations.map((r) => [r.guestFirstName, r.guestLastName])).toEqual([
      ["Jane", "Doe"],
      ["Marie-Claire", "van der Berg"],
    ]);
    expect(reservations[0]).not.toHaveProperty("reservationUrl");
  });

  it("a damaged calendar is a failure code, not an exception; an empty body or a non-calendar is another", () => {
    expect(parseFeed(renderFeedFixture("malformed", today), london)).toEqual({ ok: false, code: "malformed" });
    expect(parseFeed("<html><body>Sign in</body></html>", london)).toEqual({ ok: false, code: "malformed" });
    expect(parseFeed("  \r\n", london)).toEqual({ ok: false, code: "no-calendar" });
    expect(parseFeed("BEGIN:VTODO\r\nEND:VTODO\r\n", london)).toEqual({ ok: false, code: "no-calendar" });
  });
});

describe("parseFeed: the edge cases", () => {
  const edge = () => parsed(renderFeedFixture("edge-cases", today), london);

  it("counts a recurring event and a check-out before check-in, and keeps the rest", () => {
    const { reservations, counts } = edge();
    expect(counts).toEqual({ total: 5, blocked: 0, recurring: 1, cancelled: 0, invalid: 1, duplicate: 0 });
    expect(reservations.map((r) => r.guestFirstName)).toEqual(["Ana", "<b>Bob</b>", "Chris"]);
  });

  it("moves zoned and UTC times to the property's zone, keeping their time of day", () => {
    const [ana, bob] = edge().reservations;
    // 16:00 in New York is 21:00 in London (20:00 in the few weeks the two switch DST on different days).
    expect(ana!.checkInDate).toBe(addDays(today, 3));
    expect(["20:00", "21:00"]).toContain(ana!.checkInTime);
    expect(["14:00", "15:00"]).toContain(ana!.checkOutTime);
    // 14:00Z is 14:00 or 15:00 in London.
    expect(["14:00", "15:00"]).toContain(bob!.checkInTime);
    const tokyo = parsed(renderFeedFixture("edge-cases", today), { ...london, timeZone: "Asia/Tokyo" })
      .reservations[1]!;
    expect(tokyo).toMatchObject({
      checkInDate: addDays(today, 7),
      checkInTime: "23:00",
      checkOutDate: addDays(today, 9),
      checkOutTime: "18:00",
    });
  });

  it("keeps HTML in fields as text, interpreting nothing", () => {
    const bob = edge().reservations[1]!;
    expect(bob.summary).toBe("<b>Bob</b> &amp; <script>alert(1)</script>");
    expect(bob.guestLastName).toBe("&amp; <script>alert(1)</script>");
    expect(bob.description).toBe("<p>Late arrival</p>");
  });

  it("derives a stable UID for an event without one, from its dates and summary", () => {
    const chris = edge().reservations[2]!;
    expect(chris.uid).toMatch(/^derived-[0-9a-f]{32}$/);
    expect(edge().reservations[2]!.uid).toBe(chris.uid);
    const moved = renderFeedFixture("edge-cases", addDays(today, 1));
    expect(parsed(moved).reservations[2]!.uid).not.toBe(chris.uid);
  });
});

describe("parseFeed: rules", () => {
  it("one reservation per UID: the highest SEQUENCE wins and the duplicate is counted", () => {
    const { reservations, counts } = parsed(
      calendar(
        ["UID:a", "SEQUENCE:2", "DTSTART;VALUE=DATE:{{+3}}", "DTEND;VALUE=DATE:{{+5}}", "SUMMARY:Kept Name"],
        ["UID:a", "SEQUENCE:1", "DTSTART;VALUE=DATE:{{+4}}", "DTEND;VALUE=DATE:{{+6}}", "SUMMARY:Old Name"],
      ),
    );
    expect(counts.duplicate).toBe(1);
    expect(reservations).toEqual([
      expect.objectContaining({ uid: "a", guestFirstName: "Kept", checkInDate: addDays(today, 3) }),
    ]);
  });

  it("a zero-night all-day event and an unreadable date are invalid; a missing DTEND on a date is one night", () => {
    const { reservations, counts } = parsed(
      calendar(
        ["UID:z", "DTSTART;VALUE=DATE:{{+3}}", "DTEND;VALUE=DATE:{{+3}}", "SUMMARY:Zero Night"],
        ["UID:g", "DTSTART:garbage", "SUMMARY:Bad Date"],
        ["UID:n", "DTSTART;VALUE=DATE:{{+3}}", "SUMMARY:One Night"],
        ["UID:d", "DTSTART;VALUE=DATE:{{+3}}", "DURATION:P2D", "SUMMARY:Two Nights"],
      ),
    );
    expect(counts).toMatchObject({ invalid: 2, total: 4 });
    expect(reservations.map((r) => [r.uid, r.checkOutDate, r.checkOutTime])).toEqual([
      ["n", addDays(today, 4), "11:00"],
      ["d", addDays(today, 5), "11:00"],
    ]);
  });

  it("a floating time, or a zone Intl does not know, is read as the property's own wall time", () => {
    const { reservations } = parsed(
      calendar(
        ["UID:f", "DTSTART:{{+3}}T160000", "DTEND:{{+5}}T100000", "SUMMARY:Floating"],
        [
          "UID:w",
          "DTSTART;TZID=Eastern Standard Time:{{+3}}T170000",
          "DTEND;TZID=Eastern Standard Time:{{+5}}T090000",
          "SUMMARY:Windows",
        ],
      ),
    );
    expect(reservations.map((r) => [r.checkInTime, r.checkOutTime])).toEqual([
      ["16:00", "10:00"],
      ["17:00", "09:00"],
    ]);
  });

  it("an event the feed marks cancelled is left out and counted", () => {
    const { reservations, counts } = parsed(
      calendar(
        ["UID:c", "STATUS:CANCELLED", "DTSTART;VALUE=DATE:{{+3}}", "DTEND;VALUE=DATE:{{+5}}", "SUMMARY:Gone Guest"],
        ["UID:k", "STATUS:CONFIRMED", "DTSTART;VALUE=DATE:{{+3}}", "DTEND;VALUE=DATE:{{+5}}", "SUMMARY:Kept Guest"],
      ),
    );
    expect(counts).toMatchObject({ cancelled: 1, total: 2 });
    expect(reservations.map((r) => r.uid)).toEqual(["k"]);
  });

  it("an exception of a recurring event (RECURRENCE-ID) is ignored with it", () => {
    const { counts } = parsed(
      calendar(["UID:r", "RECURRENCE-ID;VALUE=DATE:{{+7}}", "DTSTART;VALUE=DATE:{{+8}}", "DTEND;VALUE=DATE:{{+9}}"]),
    );
    expect(counts).toMatchObject({ recurring: 1, total: 1 });
  });

  it("a byte-order mark before the calendar is ignored", () => {
    expect(
      parsed(`\uFEFF${calendar(["UID:b", "DTSTART;VALUE=DATE:{{+1}}", "DTEND;VALUE=DATE:{{+2}}", "SUMMARY:Bom"])}`)
        .reservations,
    ).toHaveLength(1);
  });

  it("reads a feed of 10,000 events in reasonable time", () => {
    const events = Array.from({ length: 10_000 }, (_, i) => [
      `UID:bulk-${i}@example.com`,
      `DTSTART;VALUE=DATE:{{+${i % 700}}}`,
      `DTEND;VALUE=DATE:{{+${(i % 700) + 3}}}`,
      i % 10 === 0 ? "SUMMARY:Blocked" : `SUMMARY:Guest Number${i}`,
    ]);
    const text = calendar(...events);
    const started = performance.now();
    const { reservations, counts } = parsed(text);
    const ms = performance.now() - started;
    expect(counts).toEqual({ total: 10_000, blocked: 1_000, recurring: 0, cancelled: 0, invalid: 0, duplicate: 0 });
    expect(reservations).toHaveLength(9_000);
    // Reported, never asserted as a budget (CONTRIBUTING: budgets are measured, not tested).
    console.info(`parseFeed: 10,000 events (${(text.length / 1e6).toFixed(1)} MB) in ${ms.toFixed(0)} ms`);
  });
});
