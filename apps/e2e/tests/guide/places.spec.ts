import { copy } from "@doorstep/shared/copy";
import type { APIRequestContext } from "@playwright/test";
import { expect, makePng, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { PHONE_UA, expectAccessible, openSection } from "./guest.ts";

const t = copy.localArea;
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

async function addPlace(request: APIRequestContext, base: string, data: Record<string, unknown>): Promise<string> {
  const res = await request.post(`${base}/places`, { data: { source: "custom", ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { place: { id: string } }).place.id;
}

/** A live guide in Brighton with its own places and an attached profile's, one without a pin. */
async function guideWithPlaces(request: APIRequestContext) {
  const property = await createLivePropertyViaApi(request, "Seafront Flat");
  const id = property.propertyId;
  const own = `/api/properties/${id}`;
  const patch = await request.patch(own, {
    data: {
      address: {
        formatted: "5 Marine Parade, Brighton",
        lineOne: "5 Marine Parade",
        lineTwo: null,
        townCity: "Brighton",
        county: null,
        state: null,
        postcode: "BN2 1TA",
        country: "United Kingdom",
        lat: 50.8197,
        lng: -0.1337,
      },
    },
  });
  expect(patch.status(), await patch.text()).toBe(204);
  const cafe = await addPlace(request, own, {
    categoryLabel: "cafes",
    title: "Bond St Coffee",
    detailText: "The best flat white in town.\nGet there before 9 on Saturdays.",
    webLink: "https://bondst.example.com",
    phone: "01273 123456",
    address: "12 Bond Street, Brighton",
    lat: 50.8225,
    lng: -0.1396,
  });
  const photo = await request.put(`/api/local-places/${cafe}/image`, {
    multipart: { file: { name: "coffee.png", mimeType: "image/png", buffer: makePng(640, 360, [120, 80, 40]) } },
  });
  expect(photo.status(), await photo.text()).toBe(200);
  await addPlace(request, own, {
    categoryLabel: "beaches",
    title: "Kemp Town Beach",
    address: "Madeira Drive, Brighton",
    lat: 50.8168,
    lng: -0.1202,
  });
  const search = await request.get("/api/places/search?q=brighton");
  const town = ((await search.json()) as { predictions: { placeId: string }[] }).predictions[0]!.placeId;
  const created = await request.post("/api/local-area-profiles", { data: { title: "Brighton", placeId: town } });
  expect(created.status(), await created.text()).toBe(201);
  const profile = ((await created.json()) as { profile: { id: string; label: string } }).profile;
  const shared = `/api/local-area-profiles/${profile.label}`;
  await addPlace(request, shared, {
    categoryLabel: "health-services",
    title: "Boots Pharmacy",
    address: "129 North Street, Brighton",
    phone: "01273 207461",
  });
  await addPlace(request, shared, { categoryLabel: "parks", title: "Preston Park", lat: 50.8415, lng: -0.1471 });
  expect((await request.put(`${own}/local-area-profiles/${profile.id}`)).status()).toBe(200);
  return id;
}

test("a guest reads the local recommendations, gets directions, and opens the map on request", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithPlaces(request);
  const context = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Leaflet is not fetched until the guest asks for the map.
  const leafletRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/g/_/leaflet-")) leafletRequests.push(r.url());
  });
  await page.goto(`/g/${id}`);

  const section = page.getByRole("region", { name: t.guideTitle });
  // The home screen's tile leads to the recommendations.
  await openSection(page, t.guideTitle);
  // Each category's icon is decoration (aria-hidden) before its title.
  const categories = (["cafes", "health-services", "parks", "beaches"] as const).map((c) => t.categories[c]);
  await expect(section.getByRole("heading", { level: 3 })).toHaveText(categories.map((c) => `${c.icon} ${c.title}`));
  await expect(section.getByRole("heading", { level: 3, name: t.categories.cafes.title, exact: true })).toBeVisible();
  const cafe = section.getByRole("article").filter({ has: page.getByRole("heading", { name: "Bond St Coffee" }) });
  await expect(cafe).toContainText("Get there before 9 on Saturdays.");
  await expect(cafe.getByRole("link", { name: t.call("01273 123456") })).toHaveAttribute("href", "tel:01273123456");
  await expect(cafe.getByRole("link", { name: t.website })).toHaveAttribute("href", "https://bondst.example.com");
  const directions = cafe.getByRole("link", { name: t.directions });
  await expect(directions).toHaveAttribute(
    "href",
    "https://www.google.com/maps/dir/?api=1&destination=50.8225%2C-0.1396",
  );
  await expect(directions).toHaveAttribute("target", "_blank");
  // LOCAL-12: the pharmacy has no pin but is listed, with directions by its address.
  const pharmacy = section.getByRole("article").filter({ has: page.getByRole("heading", { name: "Boots Pharmacy" }) });
  await expect(pharmacy.getByRole("link", { name: t.directions })).toHaveAttribute(
    "href",
    /destination=Boots\+Pharmacy%2C\+129\+North\+Street/,
  );
  expect(leafletRequests).toEqual([]);
  await expectAccessible(page);
  if (SCREENSHOTS) {
    await section.screenshot({ path: `${SCREENSHOTS}/places-390.png` });
  }

  // The map: Leaflet from our origin, a marker per pinned place (3) and the property. Tiles may not load
  // here (no network to the tile server), so nothing below depends on them.
  await section.getByRole("button", { name: t.showMap }).click();
  const map = page.getByRole("region", { name: t.mapLabel });
  await expect(map).toBeVisible();
  await expect(map).toHaveClass(/leaflet-container/);
  await expect(map.locator("path.leaflet-interactive")).toHaveCount(4);
  expect(leafletRequests.length).toBe(2);
  await expect(section.getByRole("button", { name: t.showMap })).toBeHidden();
  await expect(page.getByText(t.mapUnavailable)).toBeHidden();
  await expectAccessible(page);
  if (SCREENSHOTS) await map.screenshot({ path: `${SCREENSHOTS}/map-390.png` });
  // A marker's popup names the place and links to its card.
  await map.locator("path.leaflet-interactive").first().click({ force: true });
  const popupLink = map.locator(".leaflet-popup-content a");
  await expect(popupLink).toHaveAttribute("href", /^#p-/);
  await popupLink.click();
  await expect(page).toHaveURL(/#p-/);

  if (SCREENSHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.screenshot({ path: `${SCREENSHOTS}/places-1280.png` });
    await map.scrollIntoViewIfNeeded();
    await map.screenshot({ path: `${SCREENSHOTS}/map-1280.png` });
  }
  await context.close();
});

test("without JavaScript the places are readable and no dead map button shows", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy();
  const id = await guideWithPlaces(request);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  await openSection(page, t.guideTitle);
  await expect(page.getByRole("heading", { name: "Preston Park" })).toBeVisible();
  await expect(page.getByRole("button", { name: t.showMap })).toBeHidden();
  await context.close();
});
