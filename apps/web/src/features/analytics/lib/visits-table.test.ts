import type { AnalyticsVisitsResponse } from "@doorstep/shared/schemas/analytics";
import { describe, expect, it } from "vitest";
import { monthLabel, parseChoice, resolveRange } from "./range.ts";
import { buildVisitsTable, formatChange, visitsCsv } from "./visits-table.ts";

const counts = (desktop: number, tablet: number, mobileQr: number, mobileLink: number, mobileStay: number) => ({
  desktop,
  tablet,
  mobileQr,
  mobileLink,
  mobileStay,
  total: desktop + tablet + mobileQr + mobileLink + mobileStay,
});
const data: AnalyticsVisitsResponse = {
  from: "2026-07-10",
  to: "2026-07-11",
  timeZone: "Europe/London",
  propertyId: null,
  days: [
    { day: "2026-07-10", ...counts(3, 1, 2, 1, 2) },
    { day: "2026-07-11", ...counts(0, 0, 0, 1, 0) },
  ],
  totals: counts(3, 1, 2, 2, 2),
  previous: { from: "2026-07-08", to: "2026-07-09", totals: counts(2, 0, 4, 2, 0) },
};

describe("the analytics table and its CSV (ANL-03/04)", () => {
  it("formats the change against the previous range", () => {
    expect(formatChange(3, 2)).toBe("+50%");
    expect(formatChange(2, 4)).toBe("-50%");
    expect(formatChange(2, 2)).toBe("0%");
    expect(formatChange(0, 0)).toBe("0%");
    expect(formatChange(1, 0)).toBe("new");
  });

  it("writes exactly the table's figures to the CSV", () => {
    const table = buildVisitsTable(data);
    expect(table.days).toEqual([
      { day: "2026-07-10", figures: [3, 1, 2, 1, 2, 9] },
      { day: "2026-07-11", figures: [0, 0, 0, 1, 0, 1] },
    ]);
    expect(table.change).toEqual(["+50%", "new", "-50%", "0%", "new", "+25%"]);
    expect(visitsCsv(data, table)).toBe(
      [
        "Day,Desktop,Tablet,Mobile (QR code),Mobile (web link),Mobile (stay link),Total",
        "2026-07-10,3,1,2,1,2,9",
        "2026-07-11,0,0,0,1,0,1",
        "Totals,3,1,2,2,2,10",
        "Previous period (2026-07-08 to 2026-07-09),2,0,4,2,0,8",
        "Change,+50%,new,-50%,0%,new,+25%",
        "",
      ].join("\r\n"),
    );
  });

  it("resolves the range choices in the account's days (ANL-01, OPEN-54)", () => {
    const custom = { from: "2026-01-01", to: "2026-01-31" };
    expect(resolveRange("last7", "2026-03-02", custom)).toEqual({ from: "2026-02-24", to: "2026-03-02" });
    expect(resolveRange("last30", "2026-03-02", custom)).toEqual({ from: "2026-02-01", to: "2026-03-02" });
    expect(resolveRange("month:2024-02", "2026-03-02", custom)).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(resolveRange("custom", "2026-03-02", custom)).toEqual(custom);
    expect(monthLabel("2022-04")).toBe("April 2022");
    expect(parseChoice("month:2024-02")).toBe("month:2024-02");
    for (const value of [null, "month:2024-13", "yesterday"]) expect(parseChoice(value)).toBe("last7");
  });
});
