import { describe, expect, it } from "vitest";
import {
  fillMessageDetails,
  isPreArrival,
  messageDueAt,
  unknownMessageDetails,
  type MessageTiming,
} from "./scheduled-messages.ts";

const stay = { checkInDate: "2027-03-27", checkOutDate: "2027-03-30", bookedAt: new Date("2027-01-05T09:12:00Z") };
const due = (rule: Partial<MessageTiming>, zone = "Europe/London") =>
  messageDueAt({ trigger: "before-check-in", days: 1, atTime: "10:00", ...rule }, stay, zone).toISOString();

describe("messageDueAt: on the property's clock", () => {
  it("dates each trigger from the stay's days, at the rule's time where the property is", () => {
    expect(due({ trigger: "booked" })).toBe("2027-01-05T09:12:00.000Z");
    expect(due({ trigger: "before-check-in", days: 1 })).toBe("2027-03-26T10:00:00.000Z");
    expect(due({ trigger: "check-in-day", atTime: "08:30" })).toBe("2027-03-27T08:30:00.000Z");
    // London's clocks go forward on 28 March 2027: 18:00 on the 29th is 17:00 UTC.
    expect(due({ trigger: "before-check-out", days: 1, atTime: "18:00" })).toBe("2027-03-29T17:00:00.000Z");
    expect(due({ trigger: "after-check-out", days: 2 })).toBe("2027-04-01T09:00:00.000Z");
    expect(due({ trigger: "before-check-in", days: 7 }, "Asia/Tokyo")).toBe("2027-03-20T01:00:00.000Z");
  });

  it("counts booking, before check-in and check-in day as before arrival", () => {
    expect(["booked", "before-check-in", "check-in-day"].every((t) => isPreArrival(t as never))).toBe(true);
    expect(isPreArrival("before-check-out") || isPreArrival("after-check-out")).toBe(false);
  });
});

describe("message details", () => {
  it("names each detail it does not know once, as written", () => {
    expect(unknownMessageDetails("{{stay.link}} {{ stay.parking }} {{stay.parking}} {{guest.name}}")).toEqual([
      "stay.parking",
      "guest.name",
    ]);
    expect(unknownMessageDetails("Hi {{stay.guestFirstName}}, Wi-Fi {{stay.wifiName}}")).toEqual([]);
  });

  it("fills what it knows as plain text and leaves the rest", () => {
    expect(
      fillMessageDetails("Hi {{stay.guestFirstName}} <{{stay.doorCode}}> {{stay.wifiPassword}} {{x}}", {
        guestFirstName: "Ana & Bo",
        doorCode: "4821#",
      }),
    ).toBe("Hi Ana & Bo <4821#>  {{x}}");
  });
});
