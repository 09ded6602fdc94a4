import { describe, expect, it } from "vitest";
import { instantToWallTime, isKnownTimeZone, wallTimeToInstant } from "./feed-time.ts";

describe("wall times in a property's zone", () => {
  it("reads a wall time as its instant and back", () => {
    expect(wallTimeToInstant("2027-01-15", "15:00", "America/New_York").toISOString()).toBe("2027-01-15T20:00:00.000Z");
    expect(wallTimeToInstant("2027-07-15", "15:00", "America/New_York").toISOString()).toBe("2027-07-15T19:00:00.000Z");
    expect(instantToWallTime(new Date("2027-07-15T19:00:00Z"), "Europe/Paris")).toEqual({
      date: "2027-07-15",
      time: "21:00",
    });
    expect(instantToWallTime(new Date("2027-12-31T23:30:00Z"), "Asia/Tokyo")).toEqual({
      date: "2028-01-01",
      time: "08:30",
    });
  });

  it("moves a time in a spring-forward gap forward by the gap", () => {
    // 2027-03-14 02:30 does not exist in New York: clocks go from 02:00 to 03:00.
    expect(instantToWallTime(wallTimeToInstant("2027-03-14", "02:30", "America/New_York"), "America/New_York")).toEqual(
      {
        date: "2027-03-14",
        time: "03:30",
      },
    );
  });

  it("takes the earlier instant of a time that happens twice in the autumn", () => {
    // 2027-11-07 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(wallTimeToInstant("2027-11-07", "01:30", "America/New_York").toISOString()).toBe("2027-11-07T05:30:00.000Z");
    expect(wallTimeToInstant("2027-10-31", "01:30", "Europe/London").toISOString()).toBe("2027-10-31T00:30:00.000Z");
  });

  it("knows IANA zones and refuses what Intl does not", () => {
    expect(isKnownTimeZone("Europe/Lisbon")).toBe(true);
    expect(isKnownTimeZone("Eastern Standard Time")).toBe(false);
  });
});
