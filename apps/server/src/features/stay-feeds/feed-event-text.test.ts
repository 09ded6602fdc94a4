import { describe, expect, it } from "vitest";
import { factsFromDescription, guestNameFromSummary, isBlockedSummary, looksLikeAirbnb } from "./feed-event-text.ts";

describe("what a feed event's text says", () => {
  it("knows the channels' blocked-date summaries", () => {
    for (const s of [
      "Airbnb (Not available)",
      "CLOSED - Not available",
      "Blocked",
      "  blocked ",
      "Not available",
      "Blocked - owner",
    ]) {
      expect(isBlockedSummary(s), s).toBe(true);
    }
    for (const s of ["Reserved", "Jane Doe", "Blockley Smith", "Closed Caption"])
      expect(isBlockedSummary(s), s).toBe(false);
  });

  it("names the guest from the summary", () => {
    expect(guestNameFromSummary("Reserved", true)).toEqual({
      guestFirstName: "Airbnb guest",
      guestLastName: "",
      guestNameIsPlaceholder: true,
    });
    expect(guestNameFromSummary("Reserved", false)).toEqual({
      guestFirstName: "Guest",
      guestLastName: "",
      guestNameIsPlaceholder: true,
    });
    expect(guestNameFromSummary("", false)).toEqual({
      guestFirstName: "Guest",
      guestLastName: "",
      guestNameIsPlaceholder: true,
    });
    expect(guestNameFromSummary("Reserved - Jane  Doe", false)).toEqual({
      guestFirstName: "Jane",
      guestLastName: "Doe",
      guestNameIsPlaceholder: false,
    });
    expect(guestNameFromSummary("José María García López", false)).toEqual({
      guestFirstName: "José",
      guestLastName: "María García López",
      guestNameIsPlaceholder: false,
    });
    expect(guestNameFromSummary("Madonna", false)).toEqual({
      guestFirstName: "Madonna",
      guestLastName: "",
      guestNameIsPlaceholder: false,
    });
  });

  it("keeps Airbnb's reservation link (http(s) only) and the phone's last four digits", () => {
    expect(
      factsFromDescription(
        "Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM1\nPhone Number (Last 4 Digits): 0042",
      ),
    ).toEqual({ reservationUrl: "https://www.airbnb.com/hosting/reservations/details/HM1", phoneLast4: "0042" });
    expect(factsFromDescription("Reservation URL: javascript:alert(1)")).toEqual({});
    expect(factsFromDescription(undefined)).toEqual({});
    expect(looksLikeAirbnb("-//Airbnb Inc//Hosting Calendar 0.8.8//EN", undefined)).toBe(true);
    expect(looksLikeAirbnb("-//HomeAway.com, Inc.//EN", "Reservation URL: https://www.airbnb.com/x")).toBe(true);
    expect(looksLikeAirbnb("-//HomeAway.com, Inc.//EN", undefined)).toBe(false);
  });
});
