import { describe, expect, it } from "vitest";
import { AnalyticsRangeQuery } from "../schemas/analytics.ts";
import {
  dayInZone,
  eachDay,
  isCalendarDay,
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
});
