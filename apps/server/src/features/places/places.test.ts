import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGooglePlaces } from "../../providers/places/google.ts";
import { createWhat3words } from "../../providers/w3w/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startFakeHttp } from "../../test/fakes/http-fake.ts";
import { buildUser, type TestUser } from "../../test/factories.ts";

describe("places with the offline gazetteer (the embedded default)", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.ctx);
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });

  it("suggests cities by name, biggest first, and fills the address from one (SETUP-07/08)", async () => {
    const search = (await get("/api/places/search?q=brighton%2C%20united%20kingdom")).json();
    // The suggestion names the nation; the address keeps the town and country (the state has its own field).
    expect(search.predictions[0].description).toBe("Brighton, England, United Kingdom");
    const details = (
      await get(`/api/places/details?placeId=${encodeURIComponent(search.predictions[0].placeId)}`)
    ).json();
    expect(details.address).toMatchObject({
      formatted: "Brighton, United Kingdom",
      townCity: "Brighton",
      county: null,
      state: "England",
      country: "United Kingdom",
    });
    expect(details.address.lat).toBeCloseTo(50.83, 1);
    expect(details.address.lng).toBeCloseTo(-0.14, 1);
    const zurich = (await get("/api/places/search?q=zurich"))
      .json()
      .predictions.map((p: { description: string }) => p.description);
    expect(zurich[0]).toBe("Zürich, Switzerland");
    expect((await get("/api/places/details?placeId=city:0")).statusCode).toBe(404);
    expect((await get("/api/places/search?q=a")).statusCode).toBe(400);
  });

  it("fills the state where the data names it (US states, UK nations); never a county, which the data lacks", async () => {
    const first = async (q: string) => {
      const [prediction] = (await get(`/api/places/search?q=${encodeURIComponent(q)}`)).json().predictions;
      return (await get(`/api/places/details?placeId=${encodeURIComponent(prediction.placeId)}`)).json().address;
    };
    expect(await first("Austin, United States")).toMatchObject({ townCity: "Austin", state: "Texas", county: null });
    expect(await first("Edinburgh")).toMatchObject({ state: "Scotland", county: null });
    // Numeric admin1 codes need GeoNames' admin1 table, which no package here ships: left empty, not guessed.
    expect(await first("Lyon")).toMatchObject({ country: "France", state: null, county: null });
  });

  it("labels same-named towns so they can be told apart: the state, else the nearest bigger town", async () => {
    const labels = async (q: string): Promise<string[]> =>
      (await get(`/api/places/search?q=${q}&kind=region`))
        .json()
        .predictions.map((p: { description: string }) => p.description);
    const lisbon = await labels("lisbon");
    expect(new Set(lisbon).size).toBe(lisbon.length);
    expect(lisbon).toEqual(
      expect.arrayContaining([
        "Lisbon, Portugal",
        "Lisbon, Maine, United States",
        "Lisbon, Connecticut, United States",
        "Lisbon, Iowa, United States",
      ]),
    );
    // Two Lisbons in Ohio: each is named after the bigger town nearest to it.
    const ohio = lisbon.filter((l) => l.startsWith("Lisbon, Ohio, United States (near "));
    expect(ohio).toHaveLength(2);
    const springfield = await labels("springfield");
    expect(springfield).toHaveLength(8);
    expect(new Set(springfield).size).toBe(8);
    expect(springfield).toContain("Springfield, Illinois, United States");
    expect(springfield).toContain("Springfield, Massachusetts, United States");
  });

  it("names the nearest place to a pin (SETUP-11)", async () => {
    const res = (await get("/api/places/nearest?lat=51.5072&lng=-0.1276")).json();
    expect(res).toMatchObject({ nearestPlace: "London", country: "United Kingdom", words: null });
  });

  it("explains that what3words is not configured without a key", async () => {
    const res = await get("/api/what3words?words=filled.count.soap");
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("NOT_CONFIGURED");
  });

  it("serves the ~100 guide languages (IMPL-11)", async () => {
    const res = await t.app.inject("/api/reference/languages");
    const languages = res.json().languages as { code: string }[];
    expect(languages.length).toBeGreaterThanOrEqual(100);
    expect(languages).toContainEqual({ code: "fr", name: "French" });
  });
});

describe("what3words against a fake of its API (SETUP-14/15)", () => {
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    fake = await startFakeHttp((req) => {
      if (req.query.get("key") !== "w3w-test-key")
        return { status: 401, json: { error: { code: "InvalidKey", message: "bad key" } } };
      if (req.path === "/v3/convert-to-coordinates" && req.query.get("words") === "filled.count.soap") {
        return {
          json: {
            words: "filled.count.soap",
            nearestPlace: "Bayswater, London",
            country: "GB",
            coordinates: { lat: 51.520847, lng: -0.195521 },
          },
        };
      }
      if (req.path === "/v3/convert-to-3wa")
        return { json: { words: "index.home.raft", nearestPlace: "Covent Garden, London", country: "GB" } };
      return { status: 400, json: { error: { code: "BadWords", message: "Invalid or non-existent 3 word address" } } };
    });
    t = await createTestApp({
      overrides: { what3words: createWhat3words({ apiKey: "w3w-test-key", baseUrl: fake.url }) },
    });
    user = await buildUser(t.ctx);
    await t.ctx.places.nearest(0, 0); // load the gazetteer before timing-sensitive calls
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });

  it("converts words to coordinates with the server's key, and reports unknown words", async () => {
    const ok = await get("/api/what3words?words=filled.count.soap");
    expect(ok.json()).toEqual({
      words: "filled.count.soap",
      nearestPlace: "Bayswater, London",
      country: "GB",
      lat: 51.520847,
      lng: -0.195521,
    });
    const unknown = await get("/api/what3words?words=no.such.words");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("WORDS_NOT_FOUND");
    // A manual pin's address is the three-word service's nearest place when it is configured (SETUP-11, OPEN-60).
    const nearest = (await get("/api/places/nearest?lat=51.5&lng=-0.12")).json();
    expect(nearest).toEqual({
      words: "index.home.raft",
      nearestPlace: "Covent Garden, London",
      country: "United Kingdom",
    });
    expect(fake.requests.every((r) => r.query.get("key") === "w3w-test-key")).toBe(true);
  });
});

describe("lookups are limited per account and repeats are cached (IMPL-25)", () => {
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeHttp((req) => {
      if (req.path === "/maps/api/place/autocomplete/json")
        return {
          json: { status: "OK", predictions: [{ place_id: "ChIJ1", description: "12 Marine Parade, Brighton, UK" }] },
        };
      if (req.path === "/maps/api/place/details/json") {
        return {
          json: {
            status: "OK",
            result: {
              formatted_address: "12 Marine Parade, Brighton",
              geometry: { location: { lat: 50.8196, lng: -0.1311 } },
              address_components: [],
            },
          },
        };
      }
      if (req.path === "/v3/convert-to-coordinates") {
        return {
          json: {
            words: "filled.count.soap",
            nearestPlace: "Bayswater, London",
            country: "GB",
            coordinates: { lat: 51.520847, lng: -0.195521 },
          },
        };
      }
      return { status: 400, json: { error: { code: "BadRequest", message: "?" } } };
    });
    t = await createTestApp({
      configure: (config) => ({
        ...config,
        rateLimits: { ...config.rateLimits, places: { max: 5, windowMs: 60_000 } },
      }),
      overrides: {
        places: createGooglePlaces({ apiKey: "g-key", baseUrl: fake.url }),
        what3words: createWhat3words({ apiKey: "w3w-test-key", baseUrl: fake.url }),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("asks the service once for a repeated search, details or what3words lookup", async () => {
    const user = await buildUser(t.ctx);
    const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
    for (let i = 0; i < 2; i++) {
      expect((await get("/api/places/search?q=12%20marine")).json().predictions).toHaveLength(1);
      expect((await get("/api/places/details?placeId=ChIJ1")).json().address.formatted).toBe(
        "12 Marine Parade, Brighton",
      );
    }
    expect((await get("/api/what3words?words=///Filled.Count.Soap")).json().words).toBe("filled.count.soap");
    const count = (path: string) => fake.requests.filter((r) => r.path === path).length;
    expect(count("/maps/api/place/autocomplete/json")).toBe(1);
    expect(count("/maps/api/place/details/json")).toBe(1);
    expect(count("/v3/convert-to-coordinates")).toBe(1);
  });

  it("answers 429 with Retry-After past the account's limit, cached or not, without touching another account", async () => {
    const [busy, other] = [await buildUser(t.ctx), await buildUser(t.ctx)];
    const get = (user: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
    for (let i = 0; i < 5; i++) expect((await get(busy, "/api/places/details?placeId=ChIJ1")).statusCode).toBe(200);
    const limited = await get(busy, "/api/places/search?q=12%20marine");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await get(busy, "/api/what3words?words=filled.count.soap")).statusCode).toBe(429);
    expect((await get(other, "/api/places/details?placeId=ChIJ1")).statusCode).toBe(200);
  });
});

describe("Google Places against a fake of its API (OPEN-60)", () => {
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  beforeAll(async () => {
    fake = await startFakeHttp((req) => {
      if (req.path === "/maps/api/place/autocomplete/json") {
        return {
          json: { status: "OK", predictions: [{ place_id: "ChIJ1", description: "12 Marine Parade, Brighton, UK" }] },
        };
      }
      if (req.path === "/maps/api/place/details/json") {
        return {
          json: {
            status: "OK",
            result: {
              formatted_address: "12 Marine Parade, Brighton BN2 1TL, UK",
              geometry: { location: { lat: 50.8196, lng: -0.1311 } },
              address_components: [
                { long_name: "12", types: ["street_number"] },
                { long_name: "Marine Parade", types: ["route"] },
                { long_name: "Brighton", types: ["postal_town"] },
                { long_name: "Brighton and Hove", types: ["locality", "political"] },
                { long_name: "East Sussex", types: ["administrative_area_level_2", "political"] },
                { long_name: "England", types: ["administrative_area_level_1", "political"] },
                { long_name: "United Kingdom", types: ["country", "political"] },
                { long_name: "BN2 1TL", types: ["postal_code"] },
              ],
            },
          },
        };
      }
      return { json: { status: "ZERO_RESULTS", results: [] } };
    });
  });
  afterAll(() => fake.close());

  it("searches and maps address components to our fields", async () => {
    const places = createGooglePlaces({ apiKey: "g-key", baseUrl: fake.url });
    expect(await places.search("12 marine", { lat: 50.8, lng: -0.1 })).toEqual([
      { placeId: "ChIJ1", description: "12 Marine Parade, Brighton, UK" },
    ]);
    expect(fake.requests[0]!.query.get("location")).toBe("50.8,-0.1");
    expect(await places.details("ChIJ1")).toEqual({
      formatted: "12 Marine Parade, Brighton BN2 1TL, UK",
      lineOne: "12 Marine Parade",
      lineTwo: null,
      townCity: "Brighton",
      county: "East Sussex",
      state: "England",
      postcode: "BN2 1TL",
      country: "United Kingdom",
      lat: 50.8196,
      lng: -0.1311,
    });
    expect(fake.requests.every((r) => r.query.get("key") === "g-key")).toBe(true);
    expect(await places.nearest(0, 0)).toBeNull();
  });
});
