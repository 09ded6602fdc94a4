import { copy } from "@doorstep/shared/copy";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { expectAccessible, guestContext, openSection, tiles } from "./guest.ts";

const t = copy.guide;
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

async function addItem(request: APIRequestContext, id: string, data: Record<string, unknown>) {
  const res = await request.post(`/api/properties/${id}/content/items`, { data });
  expect(res.status(), await res.text()).toBe(201);
}

/** A live guide with three sections, a featured Wi-Fi item, a host with a phone and guest messages on. */
async function guideWithSections(request: APIRequestContext, title: string) {
  const property = await createLivePropertyViaApi(request, title);
  const id = property.propertyId;
  const on = await request.patch(`/api/properties/${id}`, {
    data: { inboundMessagingActive: true, outboundMessagingActive: true },
  });
  expect(on.status(), await on.text()).toBe(204);
  await addItem(request, id, {
    categoryLabel: "arrival",
    title: "Getting in",
    detailText: "<p>The key safe is left of the blue door.</p>",
  });
  await addItem(request, id, {
    categoryLabel: "wifi-and-tech",
    title: "Wi-Fi",
    detailText: "<p>Network: <strong>CliffHouse</strong></p><p>Password: <strong>puffin2024</strong></p>",
    featured: true,
  });
  await addItem(request, id, {
    categoryLabel: "house-rules",
    title: "Quiet hours",
    detailText: "<p>Please keep the noise down after 10 pm; the neighbours’ café opens early.</p>",
  });
  return id;
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

async function homeToSectionAndBack(browser: Browser, id: string, viewport: { width: number; height: number }) {
  const context = await guestContext(browser, { viewport });
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  // Home: title, host card with its buttons, the featured card, a tile per section with content, and messages.
  await expect(page.getByRole("heading", { level: 1, name: "Cliff House" })).toBeVisible();
  await expect(page.getByRole("heading", { name: t.hostCardTitle })).toBeVisible();
  await expect(page.getByRole("link", { name: copy.guestMessaging.entry })).toBeVisible();
  await expect(page.getByRole("heading", { name: t.featured })).toBeVisible();
  await expect(page.getByText("puffin2024").first()).toBeVisible();
  await expect(tiles(page).getByRole("link")).toHaveText([
    "Arrival & check-in",
    "Wi-Fi & tech",
    "House rules",
    "Messages",
  ]);
  await expect(page.getByText("The key safe is left of the blue door.")).toBeHidden();
  await expectAccessible(page);
  await shoot(page, `guide-home-${viewport.width}`);

  // A tile shows its section alone, at its own address; back returns home.
  await openSection(page, "House rules");
  await expect(page).toHaveURL(new RegExp(`/g/${id}#c-house-rules$`));
  await expect(page.getByText("Please keep the noise down after 10 pm", { exact: false })).toBeVisible();
  await expect(tiles(page)).toBeHidden();
  await expect(page.getByText("The key safe is left of the blue door.")).toBeHidden();
  await expectAccessible(page);
  await shoot(page, `guide-section-${viewport.width}`);
  await page.goBack();
  await expect(tiles(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/g/${id}$`));
  await page.goForward();
  await expect(page.getByRole("heading", { level: 2, name: "House rules" })).toBeVisible();

  // The bar's menu reaches another section; the bar's Home returns home.
  await page.getByText(t.contents, { exact: true }).first().click();
  await page.getByRole("navigation", { name: "Cliff House" }).getByRole("link", { name: "Arrival & check-in" }).click();
  await expect(page.getByText("The key safe is left of the blue door.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "House rules" })).toBeHidden();
  await page.getByRole("link", { name: t.home }).click();
  await expect(tiles(page)).toBeVisible();
  await expect(page.getByText("The key safe is left of the blue door.")).toBeHidden();
  await context.close();
}

test("the home screen's tiles lead to each section and back, on a phone", async ({ browser, request, account }) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithSections(request, "Cliff House");
  await homeToSectionAndBack(browser, id, { width: 390, height: 844 });
});

test("the home screen's tiles lead to each section and back, on a laptop", async ({ browser, request, account }) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithSections(request, "Cliff House");
  await homeToSectionAndBack(browser, id, { width: 1280, height: 800 });
});

test("a section's address opens that section; search finds an item and leads to it", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithSections(request, "Cliff House");
  const context = await guestContext(browser);
  const page = await context.newPage();
  await page.goto(`/g/${id}#c-arrival`);
  await expect(page.getByText("The key safe is left of the blue door.")).toBeVisible();
  await expect(tiles(page)).toBeHidden();

  await page.getByRole("link", { name: t.search }).click();
  const field = page.getByRole("searchbox", { name: t.searchLabel });
  await expect(field).toBeFocused();
  // Accents and case aside: "CAFE" finds "café".
  await field.fill("CAFE");
  await expect(page.getByRole("status").filter({ hasText: t.searchResults(1) })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, "guide-search-390");
  await field.fill("sauna");
  await expect(page.getByRole("status").filter({ hasText: t.searchNone })).toBeVisible();
  await field.fill("neighbours");
  await page.getByRole("link", { name: /Quiet hours/ }).click();
  await expect(page.getByRole("heading", { level: 3, name: "Quiet hours" })).toBeInViewport();
  await expect(page.getByRole("heading", { level: 2, name: "House rules" })).toBeVisible();
  // Back returns to the results as they were.
  await page.goBack();
  await expect(page.getByRole("searchbox", { name: t.searchLabel })).toHaveValue("neighbours");
  await context.close();
});

test("without JavaScript the tiles are links to the sections, and no search button shows", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithSections(request, "Cliff House");
  const context = await guestContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  await expect(page.getByRole("link", { name: t.search })).toBeHidden();
  await openSection(page, "Arrival & check-in");
  await expect(page.getByText("The key safe is left of the blue door.")).toBeVisible();
  await page.goBack();
  await expect(tiles(page)).toBeVisible();
  await context.close();
});
