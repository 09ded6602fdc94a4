import { describe, expect, it } from "vitest";
import { CreateStayRequest, StayListQuery, UpdateStayRequest } from "./stays.ts";

const stay = { propertyId: "sea-view", guestFirstName: "Ana", checkInDate: "2027-05-01", checkOutDate: "2027-05-04" };

describe("stay schemas", () => {
  it("fills the defaults a host leaves blank", () => {
    expect(CreateStayRequest.parse(stay)).toMatchObject({ guestLastName: "", adults: 1, children: 0 });
  });

  it("refuses a check-out before check-in, on the check-out date", () => {
    const result = CreateStayRequest.safeParse({ ...stay, checkOutDate: "2027-04-30" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["checkOutDate"],
      message: "Check-out must be after check-in.",
    });
  });

  it("takes a same-day stay only with times that follow each other", () => {
    const sameDay = { ...stay, checkOutDate: stay.checkInDate };
    expect(CreateStayRequest.safeParse(sameDay).success).toBe(false);
    expect(CreateStayRequest.safeParse({ ...sameDay, checkInTime: "09:00", checkOutTime: "18:00" }).success).toBe(true);
  });

  it("refuses days outside 2000–2100, times past 23:59 and unknown languages", () => {
    expect(CreateStayRequest.safeParse({ ...stay, checkInDate: "9999-01-01" }).success).toBe(false);
    expect(CreateStayRequest.safeParse({ ...stay, checkInTime: "25:00" }).success).toBe(false);
    expect(CreateStayRequest.safeParse({ ...stay, guestLanguage: "xx" }).success).toBe(false);
    expect(CreateStayRequest.safeParse({ ...stay, unknown: 1 }).success).toBe(false);
  });

  it("updates only what is sent", () => {
    expect(UpdateStayRequest.parse({ notes: "Late flight" })).toEqual({ notes: "Late flight" });
    expect(UpdateStayRequest.safeParse({}).success).toBe(false);
  });

  it("lists upcoming stays unless asked otherwise", () => {
    expect(StayListQuery.parse({})).toEqual({ tab: "upcoming" });
    expect(StayListQuery.safeParse({ tab: "soon" }).success).toBe(false);
  });
});
