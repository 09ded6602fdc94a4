import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { directionsUrl } from "@doorstep/shared/rules/local-area";
import { localPlaces } from "../db/schema/local-area.ts";
import { properties } from "../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../test/factories.ts";
import { PAYLOADS } from "../test/xss-corpus.ts";
import { LEAFLET_SCRIPT, LEAFLET_STYLE } from "./guide-assets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api: TestApp["as"] = (...request) => t.as(...request);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const amp = (s: string) => s.replace(/&/g, "&amp;");

async function addPlace(user: TestUser, base: string, body: Record<string, unknown>): Promise<string> {
  const res = await api(user, "POST", `${base}/places`, { source: "custom", ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().place.id;
}

/** A live guide with two own places and an attached profile's two places (one of them without a pin). */
async function guideWithPlaces() {
  const user = await buildUser(t.ctx);
  const { propertyId } = await buildProperty(t.app, user, { title: "Harbour Loft" });
  await t.ctx.db.update(properties).set({ lat: 50.82, lng: -0.14 }).where(eq(properties.propertyId, propertyId));
  const own = `/api/properties/${propertyId}`;
  const beach = await addPlace(user, own, {
    categoryLabel: "beaches",
    title: "Kemp Town Beach",
    lat: 50.8168,
    lng: -0.1202,
    address: "Madeira Drive, Brighton",
  });
  const cafe = await addPlace(user, own, {
    categoryLabel: "cafes",
    title: "Bond St Coffee",
    detailText: "Best flat white in town.\nOpens at 8.",
    webLink: "https://bondst.example.com",
    phone: "+44 (0)1273 123 456",
    lat: 50.8225,
    lng: -0.1396,
  });
  await t.ctx.db
    .update(localPlaces)
    .set({ rating: 4.63, imageKey: `accounts/${user.accountId}/places/cafe.webp`, providerPlaceId: "ChIJsecret" })
    .where(eq(localPlaces.id, cafe));

  const search = await api(user, "GET", "/api/places/search?q=brighton");
  const { profile } = (
    await api(user, "POST", "/api/local-area-profiles", {
      title: "Brighton",
      placeId: search.json().predictions[0].placeId,
    })
  ).json();
  const shared = `/api/local-area-profiles/${profile.label}`;
  const deli = await addPlace(user, shared, { categoryLabel: "cafes", title: "Lanes Deli", lat: 50.822, lng: -0.141 });
  const pharmacy = await addPlace(user, shared, {
    categoryLabel: "health-services",
    title: "Boots Pharmacy",
    address: "129 North Street",
  });
  expect((await api(user, "PUT", `${own}/local-area-profiles/${profile.id}`)).statusCode).toBe(200);
  return { user, propertyId, profileId: profile.id as string, ids: { beach, cafe, deli, pharmacy } };
}

describe("local places in the guide (GUIDE-10/15, LOCAL-12)", () => {
  it("shows the property's own places and the attached profile's, by category in LOCAL-05 order, with their links", async () => {
    const { propertyId, ids } = await guideWithPlaces();
    const res = await get(`/g/${propertyId}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // The section, after the content, in the table of contents.
    expect(html).toContain(`<h2 id="places-h">${copy.localArea.guideTitle}</h2>`);
    expect(html).toContain(`<a href="#places">${copy.localArea.guideTitle}</a>`);
    // LOCAL-05 order: attractions… cafés, health services, … beaches; within cafés own places first.
    const order = ["Bond St Coffee", "Lanes Deli", "Boots Pharmacy", "Kemp Town Beach"].map((name) =>
      html.indexOf(`<h4>${name}</h4>`),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const cafes = copy.localArea.categories.cafes;
    expect(html).toContain(`<span aria-hidden="true">${cafes.icon} </span>${amp(cafes.title)}`);
    expect(html.indexOf(amp(cafes.title))).toBeLessThan(
      html.indexOf(copy.localArea.categories["health-services"].title),
    );

    // The café: rating, text, phone as tel:, website, directions to its pin, photo with a srcset.
    expect(html).toContain(copy.localArea.rating(4.6));
    expect(html).toContain("Best flat white in town.\nOpens at 8.");
    // The number as written ("+44 (0)1273 123 456") is read out in international format and dialled as E.164.
    expect(html).toContain(`href="tel:+441273123456">${copy.localArea.call("+44 1273 123456")}</a>`);
    expect(html).toContain(
      `href="https://bondst.example.com" target="_blank" rel="noopener noreferrer nofollow">${copy.localArea.website}`,
    );
    const toCafe = directionsUrl({
      lat: 50.8225,
      lng: -0.1396,
      title: "Bond St Coffee",
      address: null,
      providerPlaceId: "ChIJsecret",
    })!;
    expect(html).toContain(`href="${amp(toCafe)}" target="_blank" rel="noopener">${copy.localArea.directions}</a>`);
    expect(html).toMatch(
      /srcSet="\/files\/accounts\/[^"]+\/places\/cafe\.webp\?w=300 300w, [^"]+" [^>]*loading="lazy"/,
    );
    expect(html).toContain('data-lat="50.8225" data-lng="-0.1396"');

    // LOCAL-12: the pharmacy has no pin: listed with directions by its address, but no map data.
    const pharmacy = html.slice(
      html.indexOf(`id="p-${ids.pharmacy}"`),
      html.indexOf("</article>", html.indexOf(`id="p-${ids.pharmacy}"`)),
    );
    expect(pharmacy).toContain("129 North Street");
    expect(pharmacy).not.toContain("data-lat");
    expect(pharmacy).toContain(
      amp(directionsUrl({ lat: null, lng: null, title: "Boots Pharmacy", address: "129 North Street" })!),
    );
    expect(html.match(/<article class="item place"[^>]*data-lat=/g)).toHaveLength(3);

    // The map: a button hidden until the script shows it, Leaflet's files and the tiles named, centred on the property.
    expect(html).toContain(
      `<button type="button" class="btn alt" data-show-map="" hidden="">${copy.localArea.showMap}</button>`,
    );
    expect(html).toContain(`data-leaflet-js="${LEAFLET_SCRIPT.url}"`);
    expect(html).toContain(`data-leaflet-css="${LEAFLET_STYLE.url}"`);
    expect(html).toContain(`data-tiles="${t.config.mapTileUrl}"`);
    expect(html).toContain('data-lat="50.82" data-lng="-0.14"');
    // Leaflet is not part of the first view: no tag loads it.
    expect(html).not.toMatch(/<(script|link)[^>]+leaflet/);
    // The CSP lets the map's stylesheet come from us and tiles from the tile server, nothing more.
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/style-src-elem 'sha256-[^']+' 'self'/);
    expect(csp).toContain(`img-src 'self' data: ${new URL(t.config.mapTileUrl.replace(/\{s\}/g, "a")).origin}`);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
  });

  it("drops a detached profile's places; a guide without pinned places has no map and the plain CSP", async () => {
    const { user, propertyId, profileId, ids } = await guideWithPlaces();
    await api(user, "DELETE", `/api/properties/${propertyId}/local-area-profiles/${profileId}`);
    let html = (await get(`/g/${propertyId}`)).body;
    expect(html).toContain("<h4>Bond St Coffee</h4>");
    expect(html).not.toContain("Lanes Deli");
    expect(html).not.toContain("Boots Pharmacy");
    expect(html).not.toContain(copy.localArea.categories["health-services"].title);

    // Only unpinned places left: listed, not mapped.
    for (const id of [ids.cafe, ids.beach])
      await api(user, "PATCH", `/api/local-places/${id}`, { lat: null, lng: null });
    const res = await get(`/g/${propertyId}`);
    html = res.body;
    expect(html).toContain("<h4>Bond St Coffee</h4>");
    expect(html).not.toContain("data-show-map");
    expect(html).not.toContain("data-lat");
    expect(String(res.headers["content-security-policy"])).toContain("img-src 'self' data:;");

    // No places at all: no section, no entry in the contents.
    for (const id of [ids.cafe, ids.beach]) await api(user, "DELETE", `/api/local-places/${id}`);
    html = (await get(`/g/${propertyId}`)).body;
    expect(html).not.toContain('id="places"');
    expect(html).toContain(copy.guide.empty);
  });

  it("shows the host's text as text, and only http(s) website links", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const base = `/api/properties/${propertyId}`;
    const ids: string[] = [];
    for (const [i, payload] of PAYLOADS.entries())
      ids.push(await addPlace(user, base, { categoryLabel: "attraction", title: `Place ${i}`, detailText: payload }));
    await t.ctx.db.update(localPlaces).set({ webLink: "javascript:alert(1)" }).where(eq(localPlaces.id, ids[0]!));
    const html = (await get(`/g/${propertyId}`)).body;
    const section = html.slice(html.indexOf('id="places"'), html.indexOf("</main>"));
    expect(section).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(section).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(section).not.toMatch(
      /<(script|img src=x|svg|iframe|object|embed|style|body|details|video|math|base|template)\b/i,
    );
    expect(section).not.toMatch(/<[a-z]+[^>]*\son[a-z]+=/i);
    expect(section).not.toContain('href="javascript:');
    expect(section).not.toContain(copy.localArea.website);
  });

  it("carries the places in the guest-safe JSON, with no provider ids or photo references", async () => {
    const { propertyId, ids } = await guideWithPlaces();
    const res = await get(`/api/guide/${propertyId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.places.map((g: { label: string }) => g.label)).toEqual(["cafes", "health-services", "beaches"]);
    const [cafes] = body.places;
    expect(cafes.title).toBe(copy.localArea.categories.cafes.title);
    expect(cafes.places.map((p: { id: string }) => p.id)).toEqual([ids.cafe, ids.deli]);
    expect(cafes.places[0]).toEqual({
      id: ids.cafe,
      title: "Bond St Coffee",
      detailText: "Best flat white in town.\nOpens at 8.",
      untranslated: false,
      address: null,
      phone: "+44 1273 123456",
      telUrl: "tel:+441273123456",
      webLink: "https://bondst.example.com",
      directionsUrl: expect.stringContaining("https://www.google.com/maps/dir/?api=1&destination=50.8225%2C-0.1396"),
      lat: 50.8225,
      lng: -0.1396,
      rating: 4.6,
      imageUrl: expect.stringMatching(/^\/files\/accounts\/.+\/places\/cafe\.webp$/),
    });
    expect(body.places[1].places[0]).toMatchObject({ title: "Boots Pharmacy", lat: null, lng: null });
    expect(res.body).not.toMatch(/photoReference|providerPlaceId|accountId|profileId|apiKey|key=/i);
  });

  it("serves Leaflet's script and stylesheet from our origin, compressed, cached for a year", async () => {
    for (const [asset, type] of [
      [LEAFLET_SCRIPT, "text/javascript"],
      [LEAFLET_STYLE, "text/css"],
    ] as const) {
      expect(asset.url).toMatch(/^\/g\/_\/leaflet-[0-9a-f]{10}\.(js|css)$/);
      const res = await get(asset.url, { "accept-encoding": "gzip" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain(type);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      const text = gunzipSync(res.rawPayload).toString("utf8");
      expect(text).toContain(type === "text/css" ? ".leaflet-container" : "Leaflet");
    }
    expect((await get("/g/_/leaflet-0000000000.js")).statusCode).toBe(404);
  });
});
