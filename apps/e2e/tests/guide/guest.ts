import { copy } from "@doorstep/shared/copy";
import type { Browser, Page } from "@playwright/test";
import { axeViolations, expect } from "../../fixtures.ts";

/** A phone's browser: headless Chromium's own user agent is (rightly) skipped as a bot by visit recording. */
export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";

/** A guest's phone (390×844) unless the options say otherwise. */
export const guestContext = (browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) =>
  browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, ...options });

/** axe-core: no serious or critical violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  expect(
    (await axeViolations(page))
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes[0]?.target}`),
  ).toEqual([]);
}

/** The home screen's tiles: the navigation named "Contents" in the page's language. */
export const tiles = (page: Page, contents: string = copy.guide.contents) =>
  page.getByRole("navigation", { name: contents, exact: true });

/** Opens a section from the guide's home screen by its tile, as a guest taps it. */
export async function openSection(page: Page, title: string, contents: string = copy.guide.contents) {
  await tiles(page, contents).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
}

/** Opens a section from the sticky bar's menu (the bar is the navigation named by the guide's title). */
export async function openFromMenu(
  page: Page,
  guideTitle: string,
  title: string,
  contents: string = copy.guide.contents,
) {
  const bar = page.getByRole("navigation", { name: guideTitle, exact: true });
  await bar.getByText(contents, { exact: true }).click();
  await bar.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
}
