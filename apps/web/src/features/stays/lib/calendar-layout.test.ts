import { describe, expect, it } from "vitest";
import { addMonths, layoutWeeks, monthWeeks, type CalendarStayDates } from "./calendar-layout.ts";

// Fixed months: the layout is pure calendar arithmetic, with no "today" in it.
const stay = (id: string, checkInDate: string, checkOutDate: string) => ({ id, checkInDate, checkOutDate });
const bars = <T extends CalendarStayDates & { id: string }>(weeks: ReturnType<typeof layoutWeeks<T>>) =>
  weeks.map((week) =>
    week.bars.map((b) => [b.stay.id, b.start, b.end, b.lane, b.continuesBefore, b.continuesAfter] as const),
  );

describe("monthWeeks: whole weeks, Monday first, around a month", () => {
  it("starts on the Monday before the 1st and ends on the Sunday after the last day", () => {
    // 1 December 2026 is a Tuesday, 31 December a Thursday.
    const weeks = monthWeeks("2026-12");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe("2026-11-30");
    expect(weeks.at(-1)?.at(-1)).toBe("2027-01-03");
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it("needs no leading days when the 1st is a Monday, and four weeks for a February that fits", () => {
    // 1 February 2027 is a Monday and 2027 is not a leap year: exactly four weeks.
    const weeks = monthWeeks("2027-02");
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toBe("2027-02-01");
    expect(weeks.at(-1)?.at(-1)).toBe("2027-02-28");
  });

  it("takes six weeks when the month starts on a Sunday and has 31 days", () => {
    // 1 August 2027 is a Sunday.
    const weeks = monthWeeks("2027-08");
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.[0]).toBe("2027-07-26");
    expect(weeks.at(-1)?.at(-1)).toBe("2027-09-05");
  });

  it("counts leap days", () => {
    // February 2028 has 29 days; the 29th is a Tuesday.
    expect(monthWeeks("2028-02").at(-1)).toContain("2028-02-29");
  });

  it("steps months across years both ways", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(addMonths("2026-03", -15)).toBe("2024-12");
  });
});

describe("layoutWeeks: stays as bars in half-day columns", () => {
  const weeks = monthWeeks("2026-12"); // rows start 30 Nov, 7 Dec, 14 Dec, 21 Dec, 28 Dec

  it("runs a bar from the middle of the check-in day to the middle of the check-out day", () => {
    // Wednesday 2 Dec to Saturday 5 Dec: columns 3.5–9.5 of the first week, in half days 5 / 11 (1-based).
    const layout = layoutWeeks(weeks, [stay("a", "2026-12-02", "2026-12-05")]);
    expect(bars(layout)[0]).toEqual([["a", 6, 12, 0, false, false]]);
    expect(layout[0]?.lanes).toBe(1);
    expect(bars(layout).slice(1).flat()).toEqual([]);
  });

  it("continues a stay across a week boundary on the next row", () => {
    // Saturday 5 Dec to Tuesday 8 Dec.
    const layout = bars(layoutWeeks(weeks, [stay("a", "2026-12-05", "2026-12-08")]));
    expect(layout[0]).toEqual([["a", 12, 15, 0, false, true]]);
    expect(layout[1]).toEqual([["a", 1, 4, 0, true, false]]);
  });

  it("shows a stay that crosses into the month from the one before, and out into the next", () => {
    const layout = bars(
      layoutWeeks(weeks, [stay("before", "2026-11-25", "2026-12-01"), stay("after", "2026-12-30", "2027-01-09")]),
    );
    // The first row starts on 30 Nov: "before" runs in from its left edge to the middle of 1 Dec.
    expect(layout[0]).toEqual([["before", 1, 4, 0, true, false]]);
    // The last row ends on 3 Jan: "after" runs off its right edge.
    expect(layout[4]).toEqual([["after", 6, 15, 0, false, true]]);
  });

  it("leaves out stays outside the weeks shown", () => {
    const layout = layoutWeeks(weeks, [
      stay("old", "2026-11-20", "2026-11-29"),
      stay("new", "2027-01-04", "2027-01-06"),
    ]);
    expect(layout.every((week) => week.bars.length === 0 && week.lanes === 0)).toBe(true);
  });

  it("stacks overlapping stays in lanes, and lets a check-out and a check-in share a day in one lane", () => {
    const layout = layoutWeeks(weeks, [
      stay("first", "2026-12-14", "2026-12-17"),
      stay("double", "2026-12-15", "2026-12-18"),
      // Arrives the day "first" leaves: same lane as "first".
      stay("next", "2026-12-17", "2026-12-19"),
    ]);
    expect(bars(layout)[2]).toEqual([
      ["first", 2, 8, 0, false, false],
      ["double", 4, 10, 1, false, false],
      ["next", 8, 12, 0, false, false],
    ]);
    expect(layout[2]?.lanes).toBe(2);
  });

  it("puts the longer of two stays that start together in the first lane", () => {
    const layout = bars(
      layoutWeeks(weeks, [stay("short", "2026-12-21", "2026-12-22"), stay("long", "2026-12-21", "2026-12-26")]),
    );
    expect(layout[3]?.map(([id, , , lane]) => [id, lane])).toEqual([
      ["long", 0],
      ["short", 1],
    ]);
  });

  it("gives a same-day stay half a day", () => {
    expect(bars(layoutWeeks(weeks, [stay("day", "2026-12-09", "2026-12-09")]))[1]).toEqual([
      ["day", 6, 7, 0, false, false],
    ]);
  });
});
