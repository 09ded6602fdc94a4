import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AnalyticsRangeQuery } from "../schemas/analytics.ts";
import {
  dayInZone,
  addDays,
  daysBetween,
  eachDay,
  FIRST_DAY,
  isCalendarDay,
  LAST_DAY,
  MAX_RANGE_DAYS,
  isTimeZone,
  monthRange,
  monthsBetween,
  previousRange,
} from "./analytics.ts";

describe("analytics days and ranges (ANL-01/06, OPEN-54)", () => {
  it("knows calendar days, ranges and the previous range of the same length", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
    expect(isCalendarDay("2025-1-01")).toBe(false);
    expect(eachDay("2025-12-30", "2026-01-02")).toEqual(["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"]);
    expect(previousRange("2026-03-01", "2026-03-31")).toEqual({ from: "2026-01-29", to: "2026-02-28" });
    expect(previousRange("2026-07-10", "2026-07-10")).toEqual({ from: "2026-07-09", to: "2026-07-09" });
    expect(monthRange("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
  });

  it("lists months newest first, never before April 2022", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2026-02", "2026-01", "2025-12", "2025-11"]);
    expect(monthsBetween("2019-01", "2022-05")).toEqual(["2022-05", "2022-04"]);
  });

  it("takes days in a time zone and validates zones", () => {
    expect(dayInZone(new Date("2026-07-11T03:30:00Z"), "America/New_York")).toBe("2026-07-10");
    expect(dayInZone(new Date("2026-07-10T20:00:00Z"), "Asia/Tokyo")).toBe("2026-07-11");
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Mars/Base")).toBe(false);
  });

  it("validates a range: real days, in order, at most about a year", () => {
    expect(AnalyticsRangeQuery.safeParse({ from: "2026-01-01", to: "2026-01-07" }).success).toBe(true);
    expect(AnalyticsRangeQuery.safeParse({ from: "2026-01-08", to: "2026-01-07" }).success).toBe(false);
    expect(AnalyticsRangeQuery.safeParse({ from: "2025-01-01", to: "2026-01-07" }).success).toBe(false);
    expect(AnalyticsRangeQuery.safeParse({ from: "2026-13-01", to: "2026-01-07" }).success).toBe(false);
  });

  it("refuses days outside 2000–2100, so a range's neighbours stay four-digit days", () => {
    for (const day of ["9999-12-31", "0001-01-01", "1999-12-31", "2101-01-01", "+10000-01-01"])
      expect(isCalendarDay(day)).toBe(false);
    expect(isCalendarDay(FIRST_DAY)).toBe(true);
    expect(isCalendarDay(LAST_DAY)).toBe(true);
    expect(AnalyticsRangeQuery.safeParse({ from: "9999-01-01", to: "9999-12-31" }).success).toBe(false);
    expect(AnalyticsRangeQuery.safeParse({ from: "0001-01-01", to: "0001-12-31" }).success).toBe(false);
  });
});

describe("range helpers with extreme days", () => {
  // Any instant JavaScript can write as a day, years -271821 to 275760 included.
  const anyDay = fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const sensibleDay = fc
    .date({ min: new Date(`${FIRST_DAY}T00:00:00Z`), max: new Date(`${LAST_DAY}T00:00:00Z`), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  // Either side of the accepted years.
  const edgeDay = fc
    .date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2110-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it("eachDay ends for any two days: a bounded list or a RangeError, never an endless loop", () => {
    fc.assert(
      fc.property(anyDay, anyDay, (from, to) => {
        try {
          const days = eachDay(from, to);
          expect(days.length).toBeLessThanOrEqual(MAX_RANGE_DAYS);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
        }
      }),
    );
    // The case that once filled the heap: the day after 9999-12-31 is "+010000-01-01".
    expect(() => eachDay("9999-01-01", "9999-12-31")).not.toThrow();
    expect(eachDay("9999-12-30", "9999-12-31")).toEqual(["9999-12-30", "9999-12-31"]);
    expect(() => eachDay("0001-01-01", "9999-12-31")).toThrow(RangeError);
  });

  it("eachDay lists every day once, in order, for any valid range", () => {
    fc.assert(
      fc.property(sensibleDay, fc.integer({ min: 0, max: MAX_RANGE_DAYS - 1 }), (from, span) => {
        const to = addDays(from, span);
        const days = eachDay(from, to);
        expect(days.length).toBe(span + 1);
        expect(days[0]).toBe(from);
        expect(days.at(-1)).toBe(to);
        expect(daysBetween(from, to)).toBe(span);
      }),
    );
    expect(eachDay("2026-01-02", "2026-01-01")).toEqual([]);
  });

  it("every range the schema accepts has a previous range of real days", () => {
    fc.assert(
      fc.property(edgeDay, fc.integer({ min: -10, max: MAX_RANGE_DAYS + 10 }), (from, span) => {
        const to = addDays(from, span);
        const query = AnalyticsRangeQuery.safeParse({ from, to });
        if (!query.success) return;
        const previous = previousRange(query.data.from, query.data.to);
        expect(previous.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(isCalendarDay(previous.from)).toBe(previous.from >= FIRST_DAY);
        expect(eachDay(query.data.from, query.data.to).length).toBe(span + 1);
      }),
    );
  });

  it("monthsBetween ends for any two months", () => {
    const anyMonth = anyDay.map((d) => d.slice(0, d.length - 3));
    fc.assert(
      fc.property(anyMonth, anyMonth, (first, current) => {
        expect(monthsBetween(first, current).length).toBeLessThanOrEqual(1200);
      }),
    );
  });
});
