import { describe, expect, it } from "vitest";
import { fillStayDetails, hasStayDetail, stayDetailToken } from "./stay-details.ts";
import { addDays, stayPhase, stayWindow } from "./stay-reveal.ts";
import { wallTimeToInstant } from "./zoned-time.ts";

const zone = "Europe/Lisbon";
const stay = (over: Partial<Parameters<typeof stayWindow>[0]> = {}) => ({
  checkInDate: "2027-03-27",
  checkOutDate: "2027-03-30",
  checkOutAt: wallTimeToInstant("2027-03-30", "11:00", zone),
  timeZone: zone,
  revealDaysBefore: 1,
  endsAt: "end-of-check-out-day" as const,
  releasedAt: null,
  ...over,
});
const at = (date: string, time: string) => wallTimeToInstant(date, time, zone);

describe("a stay's reveal and end on the property's clock (decision 042)", () => {
  it("reveals at 00:00 the chosen days before check-in and ends with the check-out day by default", () => {
    expect(stayWindow(stay())).toEqual({ revealAt: at("2027-03-26", "00:00"), endAt: at("2027-03-31", "00:00") });
    expect(stayPhase(stay(), at("2027-03-25", "23:59"))).toBe("before");
    expect(stayPhase(stay(), at("2027-03-26", "00:00"))).toBe("during");
    expect(stayPhase(stay(), at("2027-03-30", "23:59"))).toBe("during");
    expect(stayPhase(stay(), at("2027-03-31", "00:00"))).toBe("after");
  });

  it("follows the settings: check-in day, 14 days before, at check-out time", () => {
    expect(stayWindow(stay({ revealDaysBefore: 0 })).revealAt).toEqual(at("2027-03-27", "00:00"));
    expect(stayWindow(stay({ revealDaysBefore: 14 })).revealAt).toEqual(at("2027-03-13", "00:00"));
    const checkOutTime = stay({ endsAt: "check-out-time" });
    expect(stayPhase(checkOutTime, at("2027-03-30", "10:59"))).toBe("during");
    expect(stayPhase(checkOutTime, at("2027-03-30", "11:00"))).toBe("after");
  });

  it("reveals early when released by hand, never later than scheduled", () => {
    const released = at("2027-03-01", "09:00");
    expect(stayPhase(stay({ releasedAt: released }), at("2027-03-02", "00:00"))).toBe("during");
    expect(stayWindow(stay({ releasedAt: at("2027-03-29", "00:00") })).revealAt).toEqual(at("2027-03-26", "00:00"));
  });

  it("moves days across month ends", () => {
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
  });
});

describe("stay details in an item's text", () => {
  it("finds known tokens only, and fills them in escaped", () => {
    expect(hasStayDetail(`<p>Code ${stayDetailToken("doorCode")}</p>`)).toBe(true);
    expect(hasStayDetail("<p>{{stay.nothing}} and [blank]</p>")).toBe(false);
    expect(hasStayDetail(null)).toBe(false);
    expect(
      fillStayDetails("<p>{{stay.guestFirstName}}: {{ stay.doorCode }} {{stay.nothing}}</p>", {
        guestFirstName: "<Ana>",
        doorCode: null,
      }),
    ).toBe("<p>&lt;Ana&gt;:  {{stay.nothing}}</p>");
  });
});
