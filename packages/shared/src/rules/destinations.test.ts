import { describe, expect, it } from "vitest";
import { distanceKm, selectDestinations } from "./destinations.ts";

const london = { destinationId: "london", lat: 51.5072, lng: -0.1276 };
const brighton = { destinationId: "brighton", lat: 50.8225, lng: -0.1372 };
const oxford = { destinationId: "oxford", lat: 51.752, lng: -1.2577 };

describe("experience destinations (SETUP-22, XCUT-54)", () => {
  it("measures great-circle distances with the original's earth diameter", () => {
    expect(distanceKm(london.lat, london.lng, brighton.lat, brighton.lng)).toBeCloseTo(76.2, 0);
    expect(distanceKm(0, 0, 0, 0)).toBe(0);
  });

  it("takes destinations within 20 km by default, nearest first", () => {
    expect(selectDestinations([brighton, london], 51.5, -0.12, null)).toEqual(["london"]);
  });

  it("widens by 10 km steps up to 100 km when nothing is near and no limit is set", () => {
    // Lewes is ~13 km from Brighton, ~70 km from London: the 20 km circle finds Brighton only.
    expect(selectDestinations([london, brighton], 50.873, 0.009, null)).toEqual(["brighton"]);
    // Reading: Oxford ~40 km, London ~58 km → first found at 40 km.
    expect(selectDestinations([london, oxford], 51.4543, -0.9781, null)).toEqual(["oxford"]);
    // Nothing within 100 km.
    expect(selectDestinations([london], 53.4808, -2.2426, null)).toEqual([]);
  });

  it("uses the property's own limit exactly, without widening", () => {
    expect(selectDestinations([london, oxford], 51.4543, -0.9781, 30)).toEqual([]);
    expect(selectDestinations([london, oxford], 51.4543, -0.9781, 60)).toEqual(["oxford", "london"]);
  });
});
