import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { createGooglePlaces } from "../../providers/places/google.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { startGooglePlacesFake } from "../../test/fakes/google-places-fake.ts";
import { startFakeHttp } from "../../test/fakes/http-fake.ts";
import { buildProperty, buildUser, makePng, multipart, type TestUser } from "../../test/factories.ts";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

async function brightonPlaceId(t: TestApp, user: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/places/search?q=brighton",
    headers: { cookie: user.cookie },
  });
  return res.json().predictions[0].placeId;
}

describe("local-area profiles and places with the offline gazetteer (LOCAL-01…26)", () => {
  let t: TestApp;
  let host: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    other = await buildUser(t.ctx);
  });
  afterAll(() => t.close());
  const api = (user: TestUser, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });

  it("creates profiles in a town from the search, labels them uniquely per account, lists them with counts", async () => {
    expect((await api(host, "GET", "/api/local-area-profiles")).json()).toEqual({ items: [], nextCursor: null });
    const placeId = await brightonPlaceId(t, host);
    const a = await api(host, "POST", "/api/local-area-profiles", { title: "Brighton Seafront", placeId });
    expect(a.statusCode).toBe(201);
    expect(a.json().profile).toMatchObject({ label: "brighton-seafront", townCity: "Brighton", placeCount: 0 });
    // OPEN-55: the same name again gets -2; another account may use the label.
    const b = await api(host, "POST", "/api/local-area-profiles", { title: "brighton  seafront", placeId });
    expect(b.json().profile.label).toBe("brighton-seafront-2");
    const c = await api(other, "POST", "/api/local-area-profiles", { title: "Brighton Seafront", placeId });
    expect(c.json().profile.label).toBe("brighton-seafront");
    // LOCAL-18: the town must come from the search.
    const bad = await api(host, "POST", "/api/local-area-profiles", { title: "Nowhere", placeId: "city:0" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(copy.localArea.enterAll);
    expect((await api(host, "POST", "/api/local-area-profiles", { title: "", placeId })).statusCode).toBe(400);
    const list = (await api(host, "GET", "/api/local-area-profiles")).json().items;
    expect(list.map((p: { label: string }) => p.label)).toEqual(["brighton-seafront", "brighton-seafront-2"]);
  });

  it("lists the profiles a page at a time, by title, each once (docs/architecture.md §4)", async () => {
    const owner = await buildUser(t.ctx);
    const placeId = await brightonPlaceId(t, owner);
    // Two profiles with one title differ by label: the cursor must tell them apart.
    for (const title of ["Hove", "Brighton", "Kemptown", "Hove", "Rottingdean"]) {
      expect((await api(owner, "POST", "/api/local-area-profiles", { title, placeId })).statusCode).toBe(201);
    }
    const labels: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : "";
      const res = await api(owner, "GET", `/api/local-area-profiles?limit=2${query}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { label: string }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      labels.push(...page.items.map((p) => p.label));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(labels).toEqual(["brighton", "hove", "hove-2", "kemptown", "rottingdean"]);
    // Without a limit, the page size holds all five; another account's list stays its own.
    expect((await api(owner, "GET", "/api/local-area-profiles")).json().items).toHaveLength(5);
    expect(
      (await api(other, "GET", "/api/local-area-profiles"))
        .json()
        .items.some((p: { label: string }) => p.label === "hove-2"),
    ).toBe(false);
  });

  it("refuses a cursor it did not write, and a limit outside 1–100", async () => {
    for (const query of [
      "cursor=not-a-cursor",
      `cursor=${Buffer.from('{"a":1}').toString("base64url")}`,
      "limit=0",
      "limit=101",
    ]) {
      const res = await api(host, "GET", `/api/local-area-profiles?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("adds custom places with and without a pin, edits, reorders and deletes them (LOCAL-06/10/11/12)", async () => {
    const placeId = await brightonPlaceId(t, host);
    const { profile } = (await api(host, "POST", "/api/local-area-profiles", { title: "Lanes", placeId })).json();
    const base = `/api/local-area-profiles/${profile.label}`;
    const add = (body: object) => api(host, "POST", `${base}/places`, { source: "custom", ...body });
    const cafe = (await add({ categoryLabel: "cafes", title: "Bond St Coffee", lat: 50.8225, lng: -0.1396 })).json()
      .place;
    expect(cafe).toMatchObject({
      title: "Bond St Coffee",
      listRank: 1,
      fromSearch: false,
      detailText: "",
      imageUrl: null,
    });
    const second = (await add({ categoryLabel: "cafes", title: "Small Batch", phone: "+44 1273 000000" })).json().place;
    expect(second).toMatchObject({ listRank: 2, lat: null, lng: null });
    // A pin is both coordinates or neither; a web link must be http(s).
    expect((await add({ categoryLabel: "cafes", title: "Half", lat: 50 })).statusCode).toBe(400);
    expect((await add({ categoryLabel: "cafes", title: "X", webLink: "javascript:alert(1)" })).statusCode).toBe(400);
    expect((await add({ categoryLabel: "not-a-category", title: "X" })).statusCode).toBe(400);

    const edited = await api(host, "PATCH", `/api/local-places/${second.id}`, {
      lat: 50.8241,
      lng: -0.1402,
      detailText: "Flat whites",
    });
    expect(edited.json().place).toMatchObject({ lat: 50.8241, detailText: "Flat whites", contentVersion: 2 });
    expect((await api(host, "PATCH", `/api/local-places/${second.id}`, { lat: null })).statusCode).toBe(400);

    expect(
      (await api(host, "PUT", `${base}/places/order`, { categoryLabel: "cafes", placeIds: [second.id, cafe.id] }))
        .statusCode,
    ).toBe(204);
    const page = (await api(host, "GET", base)).json();
    expect(page.owner).toMatchObject({ kind: "profile", title: "Lanes" });
    expect(page.places.map((p: { title: string }) => p.title)).toEqual(["Small Batch", "Bond St Coffee"]);
    expect(
      (await api(host, "GET", "/api/local-area-profiles")).json().items.find((p: { id: string }) => p.id === profile.id)
        .placeCount,
    ).toBe(2);

    // A photo of the host's: checked by content, stored, served.
    const png = await makePng();
    const form = multipart([{ field: "file", filename: "cafe.png", contentType: "image/png", body: png }]);
    const withPhoto = await t.app.inject({
      method: "PUT",
      url: `/api/local-places/${cafe.id}/image`,
      headers: { cookie: host.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(withPhoto.statusCode).toBe(200);
    const imageUrl = withPhoto.json().place.imageUrl as string;
    expect((await t.app.inject({ method: "GET", url: imageUrl })).statusCode).toBe(200);
    const notImage = multipart([
      { field: "file", filename: "x.png", contentType: "image/png", body: Buffer.from("nope") },
    ]);
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: `/api/local-places/${cafe.id}/image`,
          headers: { cookie: host.cookie, ...notImage.headers },
          payload: notImage.payload,
        })
      ).statusCode,
    ).toBe(415);

    expect((await api(host, "DELETE", `/api/local-places/${cafe.id}`)).statusCode).toBe(204);
    expect(await t.ctx.storage.get(imageUrl.replace("/files/", ""))).toBeNull();
    expect((await api(host, "GET", base)).json().places).toHaveLength(1);
  });

  it("attaches profiles to properties, shows them on the property's page and deletes a profile everywhere (LOCAL-02/23/24)", async () => {
    const placeId = await brightonPlaceId(t, host);
    const { profile } = (await api(host, "POST", "/api/local-area-profiles", { title: "Kemptown", placeId })).json();
    const beach = (
      await api(host, "POST", `/api/local-area-profiles/${profile.label}/places`, {
        source: "custom",
        categoryLabel: "beaches",
        title: "Kemptown beach",
      })
    ).json().place;
    const form = multipart([{ field: "file", filename: "b.png", contentType: "image/png", body: await makePng() }]);
    const photo = await t.app.inject({
      method: "PUT",
      url: `/api/local-places/${beach.id}/image`,
      headers: { cookie: host.cookie, ...form.headers },
      payload: form.payload,
    });
    const photoKey = (photo.json().place.imageUrl as string).replace("/files/", "");
    const p1 = (await buildProperty(t.app, host)).propertyId;
    const p2 = (await buildProperty(t.app, host)).propertyId;
    for (const p of [p1, p2]) {
      const res = await api(host, "PUT", `/api/properties/${p}/local-area-profiles/${profile.id}`);
      expect(res.json()).toEqual({ attached: true });
    }
    // Idempotent.
    expect((await api(host, "PUT", `/api/properties/${p1}/local-area-profiles/${profile.id}`)).statusCode).toBe(200);
    await api(host, "POST", `/api/properties/${p1}/places`, {
      source: "custom",
      categoryLabel: "shopping",
      title: "Corner shop",
    });
    const page = (await api(host, "GET", `/api/properties/${p1}/local-area`)).json();
    expect(page.owner).toMatchObject({ kind: "property", key: p1, centre: null });
    expect(page.places.map((p: { title: string }) => p.title)).toEqual(["Corner shop"]);
    expect(page.profiles.find((p: { id: string }) => p.id === profile.id)).toMatchObject({
      attached: true,
      placeCount: 1,
    });

    expect((await api(host, "DELETE", `/api/properties/${p2}/local-area-profiles/${profile.id}`)).json()).toEqual({
      attached: false,
    });
    const deleted = await api(host, "DELETE", `/api/local-area-profiles/${profile.label}`);
    expect(deleted.json()).toEqual({ status: "success" });
    expect((await api(host, "GET", `/api/local-area-profiles/${profile.label}`)).statusCode).toBe(404);
    expect(await t.ctx.storage.get(photoKey)).toBeNull();
    const after = (await api(host, "GET", `/api/properties/${p1}/local-area`)).json();
    expect(after.profiles.some((p: { id: string }) => p.id === profile.id)).toBe(false);
    expect(after.places).toHaveLength(1);
  });

  it("answers 404 for another account's profiles, places and properties, and for the shared-content property", async () => {
    const placeId = await brightonPlaceId(t, host);
    const { profile } = (await api(host, "POST", "/api/local-area-profiles", { title: "Private", placeId })).json();
    const place = (
      await api(host, "POST", `/api/local-area-profiles/${profile.label}/places`, {
        source: "custom",
        categoryLabel: "parks",
        title: "Queen's Park",
      })
    ).json().place;
    const mine = (await buildProperty(t.app, other)).propertyId;
    const theirs = (await buildProperty(t.app, host)).propertyId;
    const shared = (await api(host, "POST", "/api/shared-content")).json().propertyId;
    const attempts: [Method, string, object?][] = [
      ["GET", `/api/local-area-profiles/${profile.label}`],
      ["DELETE", `/api/local-area-profiles/${profile.label}`],
      [
        "POST",
        `/api/local-area-profiles/${profile.label}/places`,
        { source: "custom", categoryLabel: "parks", title: "X" },
      ],
      ["PATCH", `/api/local-places/${place.id}`, { title: "Mine" }],
      ["DELETE", `/api/local-places/${place.id}`],
      ["PUT", `/api/properties/${mine}/local-area-profiles/${profile.id}`],
      ["GET", `/api/properties/${theirs}/local-area`],
    ];
    for (const [method, url, body] of attempts) expect((await api(other, method, url, body)).statusCode, url).toBe(404);
    expect((await api(host, "GET", `/api/properties/${shared}/local-area`)).statusCode).toBe(404);
    expect((await api(host, "GET", `/api/local-area-profiles/${profile.label}`)).json().places).toHaveLength(1);
  });
});

describe("places found through a provider's search (LOCAL-07…09, LOCAL-14, XCUT-43)", () => {
  let t: TestApp;
  let host: TestUser;
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  beforeAll(async () => {
    fake = await startFakeHttp((req) => {
      if (req.path === "/maps/api/place/details/json" && req.query.get("place_id") === "ChIJcafe")
        return {
          json: {
            status: "OK",
            result: {
              place_id: "ChIJcafe",
              name: "Flour Pot Bakery",
              formatted_address: "40 Sydney St, Brighton BN1 4EP, UK",
              geometry: { location: { lat: 50.8262, lng: -0.1376 } },
              international_phone_number: "+44 1273 621942",
              website: "https://www.flour-pot.co.uk/",
              rating: 4.6,
              types: ["bakery", "cafe", "food", "point_of_interest", "establishment"],
              photos: [{ photo_reference: "photo-ref-1" }],
            },
          },
        };
      if (req.path === "/maps/api/place/details/json") return { json: { status: "ZERO_RESULTS" } };
      // The photo endpoint answers something that is not an image: the place is kept without a photo.
      return { status: 200, json: { not: "an image" } };
    });
    t = await createTestApp({ overrides: { places: createGooglePlaces({ apiKey: "g-key", baseUrl: fake.url }) } });
    host = await buildUser(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const api = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });

  it("creates the place from the provider's details, refuses it twice on one list, keeps going without a photo", async () => {
    const p = (await buildProperty(t.app, host)).propertyId;
    const res = await api("POST", `/api/properties/${p}/places`, {
      source: "search",
      categoryLabel: "cafes",
      placeId: "ChIJcafe",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().place).toMatchObject({
      title: "Flour Pot Bakery",
      address: "40 Sydney St, Brighton BN1 4EP, UK",
      phone: "+44 1273 621942",
      webLink: "https://www.flour-pot.co.uk/",
      rating: 4.6,
      placeType: "bakery",
      fromSearch: true,
      lat: 50.8262,
      imageUrl: null,
    });
    expect(fake.requests.some((r) => r.path === "/maps/api/place/photo")).toBe(true);
    // LOCAL-08: in another category too.
    const again = await api("POST", `/api/properties/${p}/places`, {
      source: "search",
      categoryLabel: "food-and-drink",
      placeId: "ChIJcafe",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "PLACE_EXISTS", message: copy.localArea.alreadyAdded });
    // Another property's list may have it.
    const p2 = (await buildProperty(t.app, host)).propertyId;
    expect(
      (
        await api("POST", `/api/properties/${p2}/places`, {
          source: "search",
          categoryLabel: "cafes",
          placeId: "ChIJcafe",
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await api("POST", `/api/properties/${p2}/places`, { source: "search", categoryLabel: "cafes", placeId: "nope" }))
        .statusCode,
    ).toBe(404);
    // The key never reaches the browser.
    expect(JSON.stringify((await api("GET", `/api/properties/${p}/local-area`)).json())).not.toContain("g-key");
  });
});

describe("a place from Google's search, photo included, through the fake at its HTTP boundary (LOCAL-07/09/10/14)", () => {
  let t: TestApp;
  let host: TestUser;
  let fake: Awaited<ReturnType<typeof startGooglePlacesFake>>;
  beforeAll(async () => {
    fake = await startGooglePlacesFake();
    t = await createTestApp({ overrides: { places: createGooglePlaces({ apiKey: "g-key", baseUrl: fake.url }) } });
    host = await buildUser(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const api = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: host.cookie }, payload });

  it("searches around the property, adds the pick with its details and a photo stored in our storage", async () => {
    const p = (await buildProperty(t.app, host)).propertyId;
    const search = (await api("GET", "/api/places/search?q=marine&kind=establishment&lat=50.82&lng=-0.13")).json();
    const cafe = search.predictions.find((x: { description: string }) => x.description.startsWith("Marine Café"));
    const autocomplete = fake.requests.find((r) => r.path === "/maps/api/place/autocomplete/json")!;
    expect(autocomplete.query.get("locationbias")).toBe("rectangle:50.770000,-0.180000|50.870000,-0.080000");
    const added = await api("POST", `/api/properties/${p}/places`, {
      source: "search",
      categoryLabel: "cafes",
      placeId: cafe.placeId,
    });
    expect(added.statusCode, added.body).toBe(201);
    const place = added.json().place;
    expect(place).toMatchObject({ title: "Marine Café", rating: 4.5, fromSearch: true, imageUrl: expect.any(String) });
    // Our own copy of the photo: served from our storage, as WebP, with no key anywhere.
    expect(place.imageUrl).toMatch(/^\/files\/accounts\/.+\.webp$/);
    const served = await t.app.inject({ url: place.imageUrl });
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(JSON.stringify(place)).not.toContain("g-key");
    expect(JSON.stringify(place)).not.toContain("AUc7tX");
    // The details are cached: adding it to a second property asks Google for details no more.
    const detailCalls = () => fake.requests.filter((r) => r.path === "/maps/api/place/details/json").length;
    const before = detailCalls();
    const p2 = (await buildProperty(t.app, host)).propertyId;
    await api("POST", `/api/properties/${p2}/places`, {
      source: "search",
      categoryLabel: "cafes",
      placeId: cafe.placeId,
    });
    expect(detailCalls()).toBe(before);
  });
});
