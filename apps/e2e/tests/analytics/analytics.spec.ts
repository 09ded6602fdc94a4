import fs from "node:fs";
import { copy } from "@doorstep/shared/copy";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { AnalyticsVisitsResponse } from "@doorstep/shared/schemas/analytics";
import { StayLinkResponse } from "@doorstep/shared/schemas/stay-links";
import { StayResponse } from "@doorstep/shared/schemas/stays";
import { PHONE_UA } from "../guide/guest.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

const DESKTOP_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const c = copy.analytics;

// The host's browser is far from UTC: the page sends this zone and the account's days follow it.
test.use({ timezoneId: "Pacific/Auckland" });

/** A guest opens `path` in a fresh browser and the guide reports the visit. */
async function guestVisit(browser: Browser, userAgent: string, path: string) {
  const context = await browser.newContext({ userAgent, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const visit = page.waitForResponse((r) => r.url().endsWith("/api/guide/visits") && r.request().method() === "POST");
  await page.goto(path);
  expect((await visit).status()).toBe(204);
  await context.close();
}

/** How many visits the account's figures hold, from three days ago to tomorrow (whatever the account's zone). */
async function visitsCounted(page: Page): Promise<number> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.get(`/api/analytics/visits?from=${day(-3)}&to=${day(1)}`);
  expect(response.status()).toBe(200);
  return AnalyticsVisitsResponse.parse(await response.json()).totals.total;
}

/** Every row of the figures table as text: the day (ISO) or row label, then the five figures. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table.locator("tbody tr, tfoot tr").evaluateAll((rows) =>
    rows.map((row) => {
      const head = row.querySelector("th")!;
      const label = head.querySelector("time")?.getAttribute("datetime") ?? head.textContent!.trim();
      return [label, ...[...row.querySelectorAll("td")].map((td) => td.textContent!.trim())];
    }),
  );
}

/** The totals row's figures once the page shows settled figures (not the previous selection's). */
async function totalsOf(page: Page): Promise<string[] | null> {
  if ((await page.locator(".analytics-page__results[aria-busy='true']").count()) > 0) return null;
  const totals = (await tableRows(page.getByRole("table", { name: c.tableCaption }))).find(
    (row) => row[0] === c.totals,
  );
  return totals ? totals.slice(1) : null;
}

/** A stay at `propertyId` from today to tomorrow (the property's days), and the path of its guest link. */
async function stayLinkPath(page: Page, propertyId: string): Promise<string> {
  const day = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    return date.toISOString().slice(0, 10);
  };
  const created = await page.request.post("/api/stays", {
    data: { propertyId, guestFirstName: "Ana", checkInDate: day(0), checkOutDate: day(2) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const stay = StayResponse.parse(await created.json()).stay;
  const link = await page.request.get(`/api/stays/${stay.id}/link`);
  expect(link.status()).toBe(200);
  return new URL(StayLinkResponse.parse(await link.json()).url).pathname;
}

test("visits by QR code, web link and stay link show under the right device and source; one property differs from All Properties; the CSV is the table", async ({
  browser,
  loggedInPage: page,
}) => {
  // Two guest browsers, the page, three selections and a download: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const harbour = await createLivePropertyViaApi(page.request, "Harbour Loft");
  const beach = await createLivePropertyViaApi(page.request, "Beach Hut");
  await guestVisit(browser, PHONE_UA, `/q/${harbour.propertyId}`);
  await guestVisit(browser, DESKTOP_UA, `/g/${beach.propertyId}`);
  // Issue 33: a phone opens a stay's own guest link, a source of its own.
  await guestVisit(browser, PHONE_UA, await stayLinkPath(page, beach.propertyId));
  // The server writes visits in batches, a moment after they arrive (decision 014): wait until all three count.
  await expect.poll(() => visitsCounted(page), { timeout: 20_000 }).toBe(3);

  // Hold the first answer back a moment so the loading text can be seen (ANL-07).
  let held = false;
  await page.route("**/api/analytics/visits?*", async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    await route.continue();
  });
  await page.goto("/guide-analytics");
  await expect(page.getByText(c.loadingData)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
  await expect(page.getByLabel(c.dateRange)).toHaveValue("last7");
  await expect(page.getByLabel(c.dateRange).locator("option:checked")).toHaveText(c.last7Days);
  await expect(page.getByText(c.timeZoneNote("Pacific/Auckland"))).toBeVisible();
  await expect(page.getByRole("img", { name: c.chartTitle })).toBeVisible();
  for (const header of [c.desktop, c.tablet, c.mobile, c.qrCode, c.webLink, c.stayLink, c.total])
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();

  // Today's row (the last day of "Last 7 Days"): the desktop web-link visit, the phone's QR code visit and
  // the phone's stay-link visit.
  const table = page.getByRole("table", { name: c.tableCaption });
  await expect(table.locator("tbody tr")).toHaveCount(7);
  const rows = await tableRows(table);
  expect(rows[6]!.slice(1)).toEqual(["1", "0", "1", "0", "1", "3"]);
  expect(await totalsOf(page)).toEqual(["1", "0", "1", "0", "1", "3"]);
  // The same totals at a glance, with the change against the (empty) previous period.
  const summary = page.getByRole("region", { name: c.summary });
  await expect(summary.getByRole("definition").first()).toHaveText(`3${c.againstPrevious(c.changeNew)}`);

  // ANL-02: "All Properties" against one property.
  const property = page.getByLabel(c.property);
  await expect(property.locator("option:checked")).toHaveText(c.allProperties);
  await property.selectOption({ label: "Harbour Loft" });
  await expect.poll(() => totalsOf(page)).toEqual(["0", "0", "1", "0", "0", "1"]);
  await property.selectOption({ label: "Beach Hut" });
  await expect.poll(() => totalsOf(page)).toEqual(["1", "0", "0", "0", "1", "2"]);
  await property.selectOption({ label: c.allProperties });
  await expect.poll(() => totalsOf(page)).toEqual(["1", "0", "1", "0", "1", "3"]);

  // The CSV holds exactly the table's figures, row by row.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: c.downloadCsv }).click(),
  ]);
  const csv = fs
    .readFileSync((await download.path())!, "utf8")
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
  const shown = await tableRows(table);
  expect(csv[0]).toEqual([c.day, c.desktop, c.tablet, c.mobileQr, c.mobileLink, c.mobileStay, c.total]);
  expect(csv.slice(1, 8)).toEqual(shown.slice(0, 7));
  expect(csv.slice(1).map((row) => row.slice(1))).toEqual(shown.map((row) => row.slice(1)));

  // The months since the first property and a custom range with two labelled dates.
  await page.getByLabel(c.dateRange).selectOption("custom");
  await expect(page.getByLabel(c.customFrom, { exact: true })).toBeVisible();
  await page.getByLabel(c.customFrom, { exact: true }).fill("2026-01-02");
  await page.getByLabel(c.customTo, { exact: true }).fill("2026-01-01");
  await expect(page.getByText(c.rangeReversed)).toBeVisible();

  if (process.env.ANALYTICS_SCREENSHOTS) {
    await page.getByLabel(c.dateRange).selectOption("last7");
    await expect(page.getByRole("table", { name: c.tableCaption })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({
        path: `${process.env.ANALYTICS_SCREENSHOTS}/guide-analytics-${width}.png`,
        fullPage: true,
      });
    }
  }
});

test("with a single property there is no property selector", async ({ loggedInPage: page }) => {
  await createLivePropertyViaApi(page.request, "Only Home");
  await page.goto("/guide-analytics");
  await expect(page.getByRole("table", { name: c.tableCaption })).toBeVisible();
  await expect(page.getByLabel(c.dateRange)).toBeVisible();
  await expect(page.getByLabel(c.property)).toHaveCount(0);
});
