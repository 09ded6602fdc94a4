import { describe, expect, it } from "vitest";
import { readStayListParams, searchPushesHistory, writeStayListParams } from "./list-params.ts";

const read = (query: string) => readStayListParams(new URLSearchParams(query));
const write = (query: string, change: Parameters<typeof writeStayListParams>[1]) =>
  writeStayListParams(new URLSearchParams(query), change).toString();

describe("the stays list's state in the address", () => {
  it("reads the defaults from a bare address", () => {
    expect(read("")).toEqual({ tab: "upcoming", propertyId: null, q: "" });
  });

  it("reads a tab, a property and a search", () => {
    expect(read("tab=cancelled&property=sea-view&q=%20Ana%20")).toEqual({
      tab: "cancelled",
      propertyId: "sea-view",
      q: "Ana",
    });
  });

  it("takes an unknown tab or an empty property as the default", () => {
    expect(read("tab=archived&property=")).toEqual({ tab: "upcoming", propertyId: null, q: "" });
  });

  it("writes only what differs from the default, so the plain list is the plain address", () => {
    expect(write("", { tab: "past" })).toBe("tab=past");
    expect(write("tab=past", { tab: "upcoming" })).toBe("");
    expect(write("q=ana", { q: "  " })).toBe("");
    expect(write("", { propertyId: "sea-view", q: "Ana Lopes" })).toBe("property=sea-view&q=Ana+Lopes");
    expect(write("property=sea-view", { propertyId: null })).toBe("");
  });

  it("keeps the rest of the state and parameters it does not own (the calendar's month)", () => {
    expect(write("month=2027-01&tab=past&q=ana", { propertyId: "loft" })).toBe(
      "month=2027-01&tab=past&q=ana&property=loft",
    );
  });

  it("round-trips", () => {
    const state = { tab: "past", propertyId: "loft", q: "Ana" } as const;
    expect(read(write("", state))).toEqual(state);
  });

  it("adds a history entry for the first search only: refining it replaces the entry", () => {
    expect(searchPushesHistory("", "a")).toBe(true);
    expect(searchPushesHistory("a", "an")).toBe(false);
    expect(searchPushesHistory("an", "")).toBe(false);
    expect(searchPushesHistory("", "")).toBe(false);
  });
});
