import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAKE_JPEG, startGooglePlacesFake } from "../../test/fakes/google-places-fake.ts";
import { startFakeHttp } from "../../test/fakes/http-fake.ts";
import { createGooglePlaces } from "./google.ts";

const BRIGHTON = { lat: 50.82, lng: -0.135 };

describe("Google Places search kinds, place details and photos against a fake (LOCAL-07/09/14/17, IMPL-25)", () => {
  let fake: Awaited<ReturnType<typeof startGooglePlacesFake>>;
  let places: ReturnType<typeof createGooglePlaces>;
  beforeAll(async () => {
    fake = await startGooglePlacesFake();
    places = createGooglePlaces({ apiKey: "g-key", baseUrl: fake.url });
  });
  afterEach(() => {
    fake.requests.length = 0;
  });
  afterAll(() => fake.close());
  const last = () => fake.requests.at(-1)!;

  it("searches addresses as geocodes, biased to 50 km around a point", async () => {
    // The café is an establishment, not a geocode.
    expect(await places.search("marine", BRIGHTON)).toEqual([
      { placeId: "ChIJ1", description: "12 Marine Parade, Brighton, UK" },
    ]);
    expect(Object.fromEntries(last().query)).toEqual({
      input: "marine",
      types: "geocode",
      location: "50.82,-0.135",
      radius: "50000",
      key: "g-key",
    });
  });

  it("restricts a region search to (regions)", async () => {
    expect(await places.search("marine", undefined, "region")).toEqual([]);
    expect(await places.search("brighton", undefined, "region")).toEqual([
      { placeId: "ChIJtown", description: "Brighton, UK" },
    ]);
    expect(Object.fromEntries(last().query)).toEqual({ input: "brighton", types: "(regions)", key: "g-key" });
  });

  it("searches establishments and geocodes unfiltered, biased to a rectangle of ±0.05° around the property", async () => {
    const found = await places.search("marine", BRIGHTON, "establishment");
    expect(found.map((p) => p.placeId)).toEqual(["ChIJ1", "ChIJcafe"]);
    expect(Object.fromEntries(last().query)).toEqual({
      input: "marine",
      locationbias: "rectangle:50.770000,-0.185000|50.870000,-0.085000",
      key: "g-key",
    });
  });

  it("describes a recommended place: name, address, phone, website, rating, main type and first photo", async () => {
    expect(await places.placeDetails("ChIJcafe")).toEqual({
      placeId: "ChIJcafe",
      name: "Marine Café",
      formattedAddress: "3 Madeira Dr, Brighton BN2 1PS, UK",
      lat: 50.8192,
      lng: -0.1333,
      phone: "+44 1273 123456",
      website: "https://marinecafe.example/",
      rating: 4.5,
      placeType: "cafe",
      photoReference: "AUc7tXphoto1",
    });
    expect(last().query.get("fields")).toBe(
      "place_id,name,formatted_address,geometry,international_phone_number,website,rating,types,photos",
    );
    // An address has none of these: every field but the name is unknown.
    expect(await places.placeDetails("ChIJ1")).toMatchObject({
      name: "12 Marine Parade, Brighton BN2 1TL, UK",
      phone: null,
      rating: null,
      placeType: "premise",
      photoReference: null,
    });
  });

  it("answers null for a place Google does not know (NOT_FOUND), for the address as for the place", async () => {
    expect(await places.placeDetails("ChIJgone")).toBeNull();
    expect(await places.details("ChIJgone")).toBeNull();
  });

  it("fetches a photo through the redirect with the key, which the image request never carries", async () => {
    const photo = await places.photo("AUc7tXphoto1", 400);
    expect(photo).toEqual({ bytes: FAKE_JPEG, contentType: "image/jpeg" });
    const [asked, image] = fake.requests;
    expect(asked!.path).toBe("/maps/api/place/photo");
    expect(Object.fromEntries(asked!.query)).toEqual({
      photo_reference: "AUc7tXphoto1",
      maxwidth: "400",
      key: "g-key",
    });
    expect(image!.path).toBe("/image/AUc7tXphoto1=s1600-w400");
    expect(image!.query.has("key")).toBe(false);
    // A reference Google does not honour (expired, or never its own) is no photo, not a failure.
    expect(await places.photo("stale", 400)).toBeNull();
  });

  it("throws when Google refuses the key", async () => {
    const wrongKey = createGooglePlaces({ apiKey: "wrong", baseUrl: fake.url });
    await expect(wrongKey.search("brighton")).rejects.toThrow("Google Places status REQUEST_DENIED");
    await expect(wrongKey.placeDetails("ChIJcafe")).rejects.toThrow("REQUEST_DENIED");
  });
});

describe("Google Places failures", () => {
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  beforeAll(async () => {
    fake = await startFakeHttp((req) =>
      req.path === "/maps/api/place/photo" && req.query.get("photo_reference") === "html"
        ? { headers: { "content-type": "text/html; charset=UTF-8" }, body: "<html>quota</html>" }
        : { status: 500, body: "Internal Server Error" },
    );
  });
  afterAll(() => fake.close());

  it("throws on a status that is not OK, and on a photo that is not an image", async () => {
    const places = createGooglePlaces({ apiKey: "g-key", baseUrl: fake.url });
    await expect(places.search("brighton", undefined, "establishment")).rejects.toThrow("Google Places answered 500");
    await expect(places.placeDetails("ChIJcafe")).rejects.toThrow("Google Places answered 500");
    await expect(places.photo("AUc7tXphoto1", 400)).rejects.toThrow("Google Places photo answered 500");
    await expect(places.photo("html", 400)).rejects.toThrow("Google Places photo answered text/html");
  });
});
