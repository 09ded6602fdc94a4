import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildUser, type TestUser } from "../../test/factories.ts";
import { startNominatimFake } from "../../test/fakes/nominatim-fake.ts";

describe("place search kinds through the route, with OpenStreetMap at PLACES_URL (LOCAL-07, LOCAL-17)", () => {
  let fake: Awaited<ReturnType<typeof startNominatimFake>>;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    fake = await startNominatimFake();
    t = await createTestApp({ config: { placesUrl: fake.url } });
    user = await buildUser(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie: user.cookie } });
  const searches = () => fake.requests.filter((r) => r.path === "/search");

  it("passes the kind to the provider, addresses by default, and caches each kind apart", async () => {
    expect(t.ctx.places.kind).toBe("osm");
    const ids = async (url: string) =>
      (await get(url)).json().predictions.map((p: { placeId: string }) => p.placeId) as string[];
    expect(await ids("/api/places/search?q=marine&lat=50.82&lng=-0.135")).toEqual(["osm:W28907458"]);
    expect(searches()[0]!.query.get("layer")).toBe("address");
    const near = await ids("/api/places/search?q=marine&lat=50.82&lng=-0.135&kind=establishment");
    expect(near).toEqual(["osm:W28907458", "osm:N4305520218", "osm:W170232311", "osm:N6110203344"]);
    expect(searches()[1]!.query.get("viewbox")).toBe("-0.185000,50.870000,-0.085000,50.770000");
    expect(await ids("/api/places/search?q=brighton&kind=region")).toEqual(["osm:R114085"]);
    expect(searches()[2]!.query.get("featureType")).toBe("settlement");
    // Asked again, each kind is answered from its own cache entry.
    expect(await ids("/api/places/search?q=marine&lat=50.82&lng=-0.135&kind=address")).toEqual(["osm:W28907458"]);
    expect(await ids("/api/places/search?q=marine&lat=50.82&lng=-0.135&kind=establishment")).toEqual(near);
    expect(searches()).toHaveLength(3);
    expect((await get("/api/places/search?q=marine&kind=shop")).statusCode).toBe(400);
  });

  it("fills an address from an OSM id, identifying this deployment to Nominatim", async () => {
    const res = await get("/api/places/details?placeId=osm%3AW28907458");
    expect(res.json().address).toMatchObject({ lineOne: "12 Marine Parade", postcode: "BN2 1TL" });
    expect((await get("/api/places/details?placeId=osm%3AN1")).statusCode).toBe(404);
    expect(fake.requests.at(-1)!.headers["user-agent"]).toBe(
      `Doorstep/${t.config.appVersion} (+http://localhost:3000)`,
    );
  });
});
