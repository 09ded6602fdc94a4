import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { instantToWallTime, isTimeOfDay, todayIn, wallTimeToInstant } from "./zoned-time.ts";

describe("wallTimeToInstant", () => {
  it("reads a wall time in winter and in summer", () => {
    expect(wallTimeToInstant("2027-01-15", "15:00", "Europe/Lisbon").toISOString()).toBe("2027-01-15T15:00:00.000Z");
    expect(wallTimeToInstant("2027-07-15", "15:00", "Europe/Lisbon").toISOString()).toBe("2027-07-15T14:00:00.000Z");
    expect(wallTimeToInstant("2027-07-15", "11:00", "America/New_York").toISOString()).toBe("2027-07-15T15:00:00.000Z");
    expect(wallTimeToInstant("2027-07-15", "09:30", "Asia/Kolkata").toISOString()).toBe("2027-07-15T04:00:00.000Z");
  });

  it("moves a time that the clocks skip forward by the gap", () => {
    // 2027-03-28: Lisbon goes from 01:00 to 02:00; New York on 2027-03-14 from 02:00 to 03:00.
    expect(wallTimeToInstant("2027-03-28", "01:30", "Europe/Lisbon").toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(instantToWallTime(wallTimeToInstant("2027-03-28", "01:30", "Europe/Lisbon"), "Europe/Lisbon")).toEqual({
      date: "2027-03-28",
      time: "02:30",
    });
    expect(wallTimeToInstant("2027-03-14", "02:30", "America/New_York").toISOString()).toBe("2027-03-14T07:30:00.000Z");
  });

  it("takes the earlier of a time that happens twice when the clocks go back", () => {
    // 2027-10-31: Lisbon's 01:30 happens at 00:30Z (summer time) and at 01:30Z (winter time).
    expect(wallTimeToInstant("2027-10-31", "01:30", "Europe/Lisbon").toISOString()).toBe("2027-10-31T00:30:00.000Z");
  });

  it("refuses what is not a day and a time", () => {
    expect(() => wallTimeToInstant("2027-1-5", "15:00", "UTC")).toThrow(RangeError);
    expect(() => wallTimeToInstant("2027-01-05", "24:00", "UTC")).toThrow(RangeError);
  });

  it("gives back the wall time it was given, for any time that exists", () => {
    const zones = ["Europe/Lisbon", "America/New_York", "Australia/Sydney", "Asia/Kathmandu", "Pacific/Chatham"];
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:00Z"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          const minute = new Date(Math.floor(instant.getTime() / 60_000) * 60_000);
          const wall = instantToWallTime(minute, zone);
          const back = wallTimeToInstant(wall.date, wall.time, zone);
          expect(instantToWallTime(back, zone)).toEqual(wall);
        },
      ),
    );
  });
});

describe("todayIn and isTimeOfDay", () => {
  it("says which day it is where the property is", () => {
    const now = new Date("2027-06-30T23:30:00Z");
    expect(todayIn("Europe/Lisbon", now)).toBe("2027-07-01");
    expect(todayIn("America/Los_Angeles", now)).toBe("2027-06-30");
  });

  it("accepts HH:MM on a 24-hour clock only", () => {
    expect(isTimeOfDay("00:00")).toBe(true);
    expect(isTimeOfDay("23:59")).toBe(true);
    expect(isTimeOfDay("24:00")).toBe(false);
    expect(isTimeOfDay("3:00")).toBe(false);
  });
});
