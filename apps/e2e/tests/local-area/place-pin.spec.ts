import { copy } from "@doorstep/shared/copy";
import { LocalAreaPageResponse } from "@doorstep/shared/schemas/local-area";
import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

const c = copy.localArea;
const SCREENS = process.env.HOST_SCREENSHOTS;

const HOME = { lat: 50.8197, lng: -0.1337 };
// The editor's map opens at zoom 16 (MAP.previewZoom): 256 × 2^16 pixels round the world.
const DEGREES_PER_PX = 360 / (256 * 2 ** 16);
const RIGHT_PX = 120;
const DOWN_PX = 80;

async function photograph(page: Page, name: string) {
  if (!SCREENS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("group", { name: c.pinMapLabel }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/host-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("a place's pin is where the place is (LOCAL-12, GUIDE-10)", () => {
  test("the pin put by clicking the map; the guide's Directions open the place's coordinates", async ({
    loggedInPage: page,
  }) => {
    const property = await createLivePropertyViaApi(page.request, "Marine Parade Flat");
    const own = `/api/properties/${property.propertyId}`;
    const located = await page.request.patch(own, {
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
          ...HOME,
        },
      },
    });
    expect(located.status(), await located.text()).toBe(204);

    await page.goto(`/property/${property.propertyId}/local-area`);
    await page.getByRole("button", { name: `${c.edit} ${c.categories.cafes.title}` }).click();
    await page.getByRole("button", { name: c.addCustom }).click();
    await page.getByLabel(c.placeTitle, { exact: true }).fill("Bond St Coffee");
    // No location yet: the host is told what guests get.
    await expect(page.getByText(c.noLocation(false))).toBeVisible();

    await page.getByRole("button", { name: c.setPin }).click();
    const map = page.getByRole("group", { name: c.pinMapLabel });
    await expect(map.locator(".leaflet-marker-icon")).toBeVisible();
    await expect(page.getByText(c.pinStartsHere)).toBeVisible();
    // The pin where the map opened is the property's spot, not the café's: saving it is refused.
    await page.getByRole("button", { name: c.save }).click();
    await expect(page.getByText(c.pinNotMoved)).toBeVisible();

    // A click on the map puts the pin there (the map opened centred on the property).
    await map.scrollIntoViewIfNeeded();
    const box = (await map.locator(".leaflet-container").boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + RIGHT_PX, box.y + box.height / 2 + DOWN_PX);
    await expect(page.getByText(c.pinHint)).toBeVisible();
    await expect(page.getByText(c.pinNotMoved)).toBeHidden();
    await photograph(page, "place-editor");
    await page.getByRole("button", { name: c.save }).click();
    await expect(page.getByRole("status").filter({ hasText: c.saved })).toBeVisible();

    const saved = LocalAreaPageResponse.parse(await (await page.request.get(`${own}/local-area`)).json()).places;
    expect(saved).toHaveLength(1);
    const { lat, lng } = saved[0]!;
    const cosLat = Math.cos((HOME.lat * Math.PI) / 180);
    // East and south of the property by the clicked offset (Mercator: a pixel of latitude is cos(lat) degrees).
    expect(Math.abs(lng! - (HOME.lng + RIGHT_PX * DEGREES_PER_PX))).toBeLessThan(3 * DEGREES_PER_PX);
    expect(Math.abs(lat! - (HOME.lat - DOWN_PX * DEGREES_PER_PX * cosLat))).toBeLessThan(3 * DEGREES_PER_PX);

    // The guide's Directions open the café's own coordinates, not the property's.
    await page.goto(`/g/${property.propertyId}#places`);
    const section = page.getByRole("region", { name: c.guideTitle });
    await expect(section.getByRole("heading", { name: "Bond St Coffee" })).toBeVisible();
    const href = await section.getByRole("link", { name: c.directions }).getAttribute("href");
    const destination = new URL(href!).searchParams.get("destination")!;
    const [dLat, dLng] = destination.split(",").map(Number);
    expect(dLat).toBe(lat);
    expect(dLng).toBe(lng);
    expect(destination).not.toBe(`${HOME.lat},${HOME.lng}`);
  });
});
