import { englishGuideLabels } from "@doorstep/shared/guide-i18n/english";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { guestContext, tiles } from "./guest.ts";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";

const SCREENS = "/work/notes/screens";
// Every language the guide has its own words in, as a host picks them.
const LANGUAGES = [
  "ar",
  "cs",
  "da",
  "de",
  "el",
  "es",
  "fi",
  "fr",
  "it",
  "ja",
  "ko",
  "no",
  "nl",
  "pl",
  "pt",
  "ru",
  "sv",
  "tr",
  "uk",
  "zh-CN",
  "zh-TW",
];

/** A live guide with content in every section, a local place and messages: every tile the home can show. */
async function guideWithEveryTile(request: APIRequestContext): Promise<string> {
  const property = await createLivePropertyViaApi(request, "Harbour Loft");
  const id = property.propertyId;
  const patched = await request.patch(`/api/properties/${id}`, {
    data: { languageTranslations: LANGUAGES, inboundMessagingActive: true },
  });
  expect(patched.status(), await patched.text()).toBe(204);
  for (const label of Object.keys(englishGuideLabels.categories)) {
    if (label === "guest-messages") continue;
    const item = await request.post(`/api/properties/${id}/content/items`, {
      data: { categoryLabel: label, title: `About ${label}`, detailText: "<p>Ask your host.</p>" },
    });
    // A parent category takes content in its sub-categories only (they are in this list too); another theme's
    // categories are not this guide's.
    expect([201, 400, 404], await item.text()).toContain(item.status());
  }
  const place = await request.post(`/api/properties/${id}/places`, {
    data: { source: "custom", categoryLabel: "cafes", title: "Bond St Coffee", detailText: "Flat whites." },
  });
  expect(place.status(), await place.text()).toBe(201);
  return id;
}

/** What overflows sideways: the page itself, and each tile (its content wider than its box). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>(".tiles a")]
      .filter((a) => a.scrollWidth > a.clientWidth)
      .map((a) => a.textContent);
    // A short hyphenated word ("check-in", "Wi-Fi") is never split over two lines.
    const split = [...document.querySelectorAll<HTMLElement>(".tiles .nw")]
      .filter((span) => span.getClientRects().length > 1)
      .map((span) => span.textContent);
    return { page: root.scrollWidth - root.clientWidth, wide, split };
  });
}

test("home tiles fit at 320, 360 and 390 px in every language, German and French included", async ({
  browser,
  request,
  account,
}) => {
  test.slow();
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithEveryTile(request);
  const context = await guestContext(browser, { viewport: { width: 320, height: 700 } });
  const page = await context.newPage();

  // German and French at 320 px, the narrowest phone: no sideways scrolling, no tile wider than itself.
  for (const lang of ["de", "fr"]) {
    await page.goto(`/g/${id}?lang=${lang}`);
    await expect(tiles(page, guideLabels(lang).guide.contents)).toBeVisible();
    expect(await tiles(page, guideLabels(lang).guide.contents).getByRole("link").count()).toBeGreaterThan(10);
    expect(await overflow(page), lang).toEqual({ page: 0, wide: [], split: [] });
    await tiles(page, guideLabels(lang).guide.contents).screenshot({
      path: `${SCREENS}/offline-tiles-${lang}-320.png`,
    });
  }

  // Every language at 320, 360 and 390 px.
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 700 });
    for (const lang of LANGUAGES) {
      await page.goto(`/g/${id}?lang=${lang}`);
      await expect(page.locator(".tiles a").first()).toBeVisible();
      expect(await overflow(page), `${lang} at ${width} px`).toEqual({ page: 0, wide: [], split: [] });
    }
  }

  // The home in German and French at 390 px and at 1280 px, to look at.
  for (const [width, height] of [
    [320, 900],
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const lang of ["de", "fr"]) {
      await page.goto(`/g/${id}?lang=${lang}`);
      await expect(page.locator(".tiles a").first()).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/offline-home-${lang}-${width}.png`, fullPage: true });
    }
  }
  await context.close();
});
