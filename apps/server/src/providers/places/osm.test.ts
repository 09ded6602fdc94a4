import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startNominatimFake } from "../../test/fakes/nominatim-fake.ts";
import { createPlacesProvider } from "./index.ts";
import { createOsmPlaces } from "./osm.ts";

const USER_AGENT = "Doorstep/1.2.3 (+https://app.example.com)";
const BRIGHTON = { lat: 50.82, lng: -0.135 };

describe("OpenStreetMap places through a fake Nominatim (SETUP-07/08, LOCAL-07/09/17)", () => {
  let fake: Awaited<ReturnType<typeof startNominatimFake>>;
  let places: ReturnType<typeof createOsmPlaces>;
  beforeAll(async () => {
    fake = await startNominatimFake();
    // A path prefix, as behind a reverse proxy: it must survive joining the endpoints.
    places = createOsmPlaces({ baseUrl: `${fake.url}/nominatim`, userAgent: USER_AGENT });
  });
  afterEach(() => {
    fake.state.answerWith = null;
    fake.requests.length = 0;
  });
  afterAll(() => fake.close());
  const last = () => fake.requests.at(-1)!;

  it("is chosen when PLACES_URL is set and no Google key is", () => {
    expect(createPlacesProvider({ osmUrl: fake.url }).kind).toBe("osm");
    expect(createPlacesProvider({ osmUrl: fake.url, googleApiKey: "g" }).kind).toBe("google");
    expect(createPlacesProvider({}).kind).toBe("gazetteer");
    expect(places.findsPlaces).toBe(true);
  });

  it("searches street addresses in the address layer, identifying itself, in English", async () => {
    expect(await places.search("12 marine parade")).toEqual([
      {
        placeId: "osm:W28907458",
        description: "12, Marine Parade, Kemptown, Brighton and Hove, East Sussex, England, BN2 1TL, United Kingdom",
      },
    ]);
    const req = last();
    expect(req.path).toBe("/nominatim/search");
    expect(Object.fromEntries(req.query)).toMatchObject({
      q: "12 marine parade",
      format: "jsonv2",
      layer: "address",
      "accept-language": "en",
      limit: "8",
    });
    expect(req.query.has("viewbox")).toBe(false);
    expect(req.headers["user-agent"]).toBe(USER_AGENT);
    // Cafés are not addresses.
    expect(await places.search("marine café")).toEqual([]);
  });

  it("finds only towns and regions for kind region", async () => {
    const found = await places.search("brighton", undefined, "region");
    expect(found).toEqual([{ placeId: "osm:R114085", description: "Brighton and Hove, England, United Kingdom" }]);
    expect(last().query.get("featureType")).toBe("settlement");
    expect(last().query.has("layer")).toBe(false);
  });

  it("finds places of every layer for kind establishment, the ones within ±0.05° of the property first", async () => {
    const found = await places.search("marine", BRIGHTON, "establishment");
    expect(last().query.get("viewbox")).toBe("-0.185000,50.870000,-0.085000,50.770000");
    expect(last().query.get("bounded")).toBe("0");
    expect(last().query.has("layer")).toBe(false);
    // The Manchester café of the same name is still offered, after everything near the property.
    expect(found.map((p) => p.placeId)).toEqual([
      "osm:W28907458",
      "osm:N4305520218",
      "osm:W170232311",
      "osm:N6110203344",
    ]);
    // Addresses are biased to a wider box (≈50 km), like Google's radius.
    await places.search("12 marine parade", BRIGHTON, "address");
    expect(last().query.get("viewbox")).toBe("-0.635000,51.320000,0.365000,50.320000");
  });

  it("fills an address from a search result's id", async () => {
    expect(await places.details("osm:W28907458")).toEqual({
      formatted: "12, Marine Parade, Kemptown, Brighton and Hove, East Sussex, England, BN2 1TL, United Kingdom",
      lineOne: "12 Marine Parade",
      lineTwo: null,
      townCity: "Brighton and Hove",
      county: "East Sussex",
      state: "England",
      postcode: "BN2 1TL",
      country: "United Kingdom",
      lat: 50.8196471,
      lng: -0.1311294,
    });
    expect(last().path).toBe("/nominatim/lookup");
    expect(Object.fromEntries(last().query)).toMatchObject({ osm_ids: "W28907458", addressdetails: "1" });
    // A town: no street line, the town is the city.
    expect(await places.details("osm:R114085")).toMatchObject({ lineOne: null, townCity: "Brighton and Hove" });
  });

  it("describes a recommended place with its phone and website from the OSM tags; no rating or photo", async () => {
    expect(await places.placeDetails("osm:N4305520218")).toEqual({
      placeId: "osm:N4305520218",
      name: "Marine Café",
      formattedAddress:
        "Marine Café, 3, Madeira Drive, Kemptown, Brighton and Hove, East Sussex, England, BN2 1PS, United Kingdom",
      lat: 50.819264,
      lng: -0.1332716,
      phone: "+44 1273 123456",
      website: "https://marinecafe.example",
      rating: null,
      placeType: "cafe",
      photoReference: null,
    });
    expect(last().query.get("extratags")).toBe("1");
    // contact:* tags count too; a beach has neither.
    expect(await places.placeDetails("osm:N6110203344")).toMatchObject({
      phone: "+44 161 000 0000",
      website: "https://marine-mcr.example",
    });
    expect(await places.placeDetails("osm:W170232311")).toMatchObject({ placeType: "beach", phone: null });
    // A house has no name of its own: its street line stands in.
    expect(await places.placeDetails("osm:W28907458")).toMatchObject({ name: "12 Marine Parade", placeType: "house" });
    expect(await places.photo("anything", 400)).toBeNull();
  });

  it("answers null for ids it does not know, without asking Nominatim about ids that are not OSM's", async () => {
    expect(await places.details("osm:N1")).toBeNull();
    expect(await places.placeDetails("osm:R2")).toBeNull();
    const asked = fake.requests.length;
    for (const id of ["ChIJ1", "city:2643743", "osm:X1", "osm:N", "osm:N12;drop"]) {
      expect(await places.details(id)).toBeNull();
      expect(await places.placeDetails(id)).toBeNull();
    }
    expect(fake.requests).toHaveLength(asked);
  });

  it("names the nearest town by reverse geocoding at city level, and null far from any", async () => {
    expect(await places.nearest(50.8225, -0.1372)).toEqual({ name: "Brighton and Hove", country: "United Kingdom" });
    expect(Object.fromEntries(last().query)).toMatchObject({ lat: "50.8225", lon: "-0.1372", zoom: "10" });
    expect(await places.nearest(0, -30)).toBeNull();
  });

  it("throws on a status that is not OK", async () => {
    fake.state.answerWith = 503;
    await expect(places.search("brighton")).rejects.toThrow("Nominatim answered 503");
    await expect(places.details("osm:R114085")).rejects.toThrow("503");
    await expect(places.nearest(50.8, -0.1)).rejects.toThrow("503");
    fake.state.answerWith = 429;
    await expect(places.placeDetails("osm:N4305520218")).rejects.toThrow("Nominatim answered 429");
  });
});
