import { copy } from "@doorstep/shared/copy";
import { afterEach, describe, expect, it, vi } from "vitest";
import { manualAddress } from "./manual-address.ts";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

describe("manualAddress (SETUP-11)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses the nearest place as the address (line one and formatted) and blanks line two, town, county, state and postcode", async () => {
    const fetchMock = vi.fn((_url: string) =>
      Promise.resolve(json({ nearestPlace: "Lichfield", country: "United Kingdom", words: null })),
    );
    vi.stubGlobal("fetch", fetchMock);
    expect(await manualAddress({ lat: 52.68, lng: -1.82 })).toEqual({
      formatted: "Lichfield, United Kingdom",
      lineOne: "Lichfield",
      lineTwo: null,
      townCity: null,
      county: null,
      state: null,
      postcode: null,
      country: "United Kingdom",
      lat: 52.68,
      lng: -1.82,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/places/nearest?lat=52.68&lng=-1.82");
  });

  it("falls back to the coordinates when no place is near", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(json({ nearestPlace: null, country: null, words: null }))),
    );
    const address = await manualAddress({ lat: 0.5, lng: -30.25 });
    expect(address).toMatchObject({
      formatted: copy.basicSetup.coordinates(0.5, -30.25),
      lineOne: null,
      country: null,
    });
  });
});
