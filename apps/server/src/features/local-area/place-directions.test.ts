import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

// The property sits in Kemptown; its recommended places are elsewhere in Brighton.
const HOME = { lat: 50.8196, lng: -0.1311 };
const ADDRESS = {
  formatted: "12 Marine Parade, Brighton BN2 1TL, UK",
  lineOne: "12 Marine Parade",
  lineTwo: null,
  townCity: "Brighton",
  county: "East Sussex",
  state: "England",
  postcode: "BN2 1TL",
  country: "United Kingdom",
  ...HOME,
};

interface GuidePlaceJson {
  title: string;
  directionsUrl: string | null;
  lat: number | null;
  lng: number | null;
}

const destination = (url: string | null) => (url ? new URL(url).searchParams.get("destination") : null);

describe("a place's Directions lead to the place, never to the property (GUIDE-10, LOCAL-12)", () => {
  let t: TestApp;
  let host: TestUser;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host, { title: "Marine Parade Flat" }));
    const located = await t.as(host, "PATCH", `/api/properties/${propertyId}`, { address: ADDRESS });
    expect(located.statusCode, located.body).toBe(204);
  });
  afterAll(() => t.close());

  const add = async (body: Record<string, unknown>) => {
    const res = await t.as(host, "POST", `/api/properties/${propertyId}/places`, {
      source: "custom",
      categoryLabel: "cafes",
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().place as { id: string; lat: number | null; lng: number | null };
  };
  const guidePlaces = async (): Promise<GuidePlaceJson[]> => {
    const res = await t.app.inject({ method: "GET", url: `/api/guide/${propertyId}` });
    expect(res.statusCode).toBe(200);
    return res.json().places.flatMap((g: { places: GuidePlaceJson[] }) => g.places);
  };

  it("uses the place's own pin, follows the pin when it moves, and falls back to its name and address", async () => {
    const pinned = await add({ title: "Bond St Coffee", lat: 50.8225, lng: -0.1396 });
    expect(pinned).toMatchObject({ lat: 50.8225, lng: -0.1396 });
    await add({ title: "Boots Pharmacy", address: "129 North Street, Brighton" });
    await add({ title: "Somewhere nice" });

    let places = await guidePlaces();
    const byTitle = (title: string) => places.find((p) => p.title === title)!;
    expect(destination(byTitle("Bond St Coffee").directionsUrl)).toBe("50.8225,-0.1396");
    expect(byTitle("Boots Pharmacy")).toMatchObject({ lat: null, lng: null });
    expect(destination(byTitle("Boots Pharmacy").directionsUrl)).toBe("Boots Pharmacy, 129 North Street, Brighton");
    // No pin and no address: nowhere to send a guest, so no link at all (not the property's coordinates).
    expect(byTitle("Somewhere nice").directionsUrl).toBeNull();
    for (const place of places) expect(destination(place.directionsUrl)).not.toBe(`${HOME.lat},${HOME.lng}`);

    // The host moves the pin: the guide follows it.
    const moved = await t.as(host, "PATCH", `/api/local-places/${pinned.id}`, { lat: 50.8241, lng: -0.1432 });
    expect(moved.statusCode, moved.body).toBe(200);
    places = await guidePlaces();
    expect(destination(byTitle("Bond St Coffee").directionsUrl)).toBe("50.8241,-0.1432");
  });

  it("shows no Directions button for a place with nowhere to go", async () => {
    const res = await t.app.inject({ method: "GET", url: `/g/${propertyId}` });
    expect(res.statusCode).toBe(200);
    const article = (title: string) => {
      const start = res.body.lastIndexOf("<article", res.body.indexOf(`>${title}</h4>`));
      return res.body.slice(start, res.body.indexOf("</article>", start));
    };
    expect(article("Bond St Coffee")).toContain(`>${copy.localArea.directions}</a>`);
    expect(article("Somewhere nice")).not.toContain(copy.localArea.directions);
  });
});
