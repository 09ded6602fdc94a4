import fs from "node:fs";
import { copy } from "@doorstep/shared/copy";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createItemViaApi } from "../content/content-api.ts";
import { PHONE_UA, openFromMenu, openSection } from "../guide/guest.ts";
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

test("visits by QR code and web link show under the right device and source; one property differs from All Properties; the CSV is the table", async ({
  browser,
  loggedInPage: page,
}) => {
  // Two guest browsers, the page, three selections and a download: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const harbour = await createLivePropertyViaApi(page.request, "Harbour Loft");
  const beach = await createLivePropertyViaApi(page.request, "Beach Hut");
  await guestVisit(browser, PHONE_UA, `/q/${harbour.propertyId}`);
  await guestVisit(browser, DESKTOP_UA, `/g/${beach.propertyId}`);
  // The server writes visits in batches, at most a second after they arrive (decision 014).
  await page.waitForTimeout(1_500);

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
  for (const header of [c.desktop, c.tablet, c.mobile, c.qrCode, c.webLink, c.total])
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();

  // Today's row (the last day of "Last 7 Days"): the desktop web-link visit and the phone's QR code visit.
  const table = page.getByRole("table", { name: c.tableCaption });
  await expect(table.locator("tbody tr")).toHaveCount(7);
  const rows = await tableRows(table);
  expect(rows[6]!.slice(1)).toEqual(["1", "0", "1", "0", "2"]);
  expect(await totalsOf(page)).toEqual(["1", "0", "1", "0", "2"]);
  // The same totals at a glance, with the change against the (empty) previous period.
  const summary = page.getByRole("region", { name: c.summary });
  await expect(summary.getByRole("definition").first()).toHaveText(`2${c.againstPrevious(c.changeNew)}`);

  // ANL-02: "All Properties" against one property.
  const property = page.getByLabel(c.property);
  await expect(property.locator("option:checked")).toHaveText(c.allProperties);
  await property.selectOption({ label: "Harbour Loft" });
  await expect.poll(() => totalsOf(page)).toEqual(["0", "0", "1", "0", "1"]);
  await property.selectOption({ label: "Beach Hut" });
  await expect.poll(() => totalsOf(page)).toEqual(["1", "0", "0", "0", "1"]);
  await property.selectOption({ label: c.allProperties });
  await expect.poll(() => totalsOf(page)).toEqual(["1", "0", "1", "0", "2"]);

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
  expect(csv[0]).toEqual([c.day, c.desktop, c.tablet, c.mobileQr, c.mobileLink, c.total]);
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

test("a guest's phone reports the sections it showed; the host sees their reach, the section nobody opened, the items and the language", async ({
  browser,
  loggedInPage: page,
}) => {
  test.setTimeout(90_000);
  const home = await createLivePropertyViaApi(page.request, "Harbour Loft");
  const longItem = async (categoryLabel: string, title: string, paragraphs: number) => {
    const response = await page.request.post(`/api/properties/${home.propertyId}/content/items`, {
      data: {
        categoryLabel,
        title,
        detailText: Array.from({ length: paragraphs }, (_, i) => `<p>${title}, step ${i + 1}.</p>`).join(""),
      },
    });
    expect(response.status()).toBe(201);
  };
  await createItemViaApi(page.request, home.propertyId, "arrival", "Key safe");
  // Arrival fills the first screen of a phone; Wi-Fi is a long section the guest never opens.
  await longItem("arrival", "Parking", 12);
  await longItem("wifi-and-tech", "Router manual", 60);
  await createItemViaApi(page.request, home.propertyId, "safety", "Fire extinguisher");
  await longItem("check-out", "Leave the keys", 40);

  // The guest: a phone; Arrival from the home screen for a moment, then Safety and Check-out from the bar's menu.
  const guest = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  const guide = await guest.newPage();
  await guide.goto(`/g/${home.propertyId}`);
  await openSection(guide, "Arrival & check-in");
  await expect(guide.getByRole("heading", { name: "Key safe" })).toBeVisible();
  await guide.waitForTimeout(1_500);
  // The views stay in the page: no reload (a reload would also forget what the guest had seen).
  await guide.evaluate(() => Object.assign(window, { beforeJump: true }));
  await openFromMenu(guide, "Harbour Loft", "Safety & emergencies");
  await expect(guide.getByRole("heading", { name: "Fire extinguisher" })).toBeInViewport();
  await guide.waitForTimeout(1_500);
  await openFromMenu(guide, "Harbour Loft", "Check-out");
  await expect(guide.getByRole("heading", { name: "Leave the keys" })).toBeInViewport();
  expect(await guide.evaluate(() => "beforeJump" in window)).toBe(true);
  await guide.waitForTimeout(1_500);
  // The guest switches to another app: the page becomes hidden and sends what it showed. (Headless
  // Chromium never hides a page by itself, so the test says it is hidden, as a phone's browser would.)
  const beacon = guide.waitForRequest((r) => r.url().endsWith("/api/guide/engagement"));
  await guide.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const sent = (await beacon).postDataJSON() as { sections: string[]; items: string[]; language: string };
  expect(sent.language).toBe("en");
  expect(sent.sections.sort()).toEqual(["arrival", "check-out", "safety"]);
  expect(sent.items).toHaveLength(4);
  await guest.close();

  const report = await sectionReportOnceWritten(page, /Check-out/);
  await expect(report.getByRole("row", { name: /Arrival & check-in/ })).toContainText("100%");
  await expect(report.getByRole("row", { name: /Safety & emergencies/ })).toContainText("100%");
  await expect(report.getByRole("row", { name: /Wi-Fi & tech/ })).toContainText(c.notOpened);
  await expect(report.getByRole("note")).toHaveText(c.neverOpenedSummary(["Wi-Fi & tech"]));
  await expect(report.getByRole("row", { name: /Key safe/ })).toContainText("1");
  await expect(report.getByRole("row", { name: /Router manual/ })).toHaveCount(0);
  await expect(report.getByRole("row", { name: /English/ })).toContainText("1");
  await expect(page.getByRole("heading", { name: c.privacyTitle })).toBeVisible();
  await expect(page.getByText(c.privacyText(400))).toBeVisible();

  if (process.env.ANALYTICS_SCREENSHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await report.screenshot({ path: `${process.env.ANALYTICS_SCREENSHOTS}/guide-sections-${width}.png` });
    }
  }
});

/**
 * The host's section report, once the section named `row` shows a reach of 100 %: the server writes beacons
 * in batches of up to a second, so the page is loaded again until they are in.
 */
async function sectionReportOnceWritten(page: Page, row: RegExp): Promise<Locator> {
  await page.goto(`/guide-analytics`);
  const report = page.getByRole("region", { name: c.sectionsTitle });
  await expect
    .poll(
      async () => {
        await page.reload();
        return report.getByRole("row", { name: row }).textContent({ timeout: 5_000 });
      },
      { timeout: 20_000 },
    )
    .toContain("100%");
  return report;
}

/** Says the page is hidden or visible, as a phone's browser does when the guest switches apps. */
async function setHidden(guide: Page, hidden: boolean) {
  await guide.evaluate((hidden) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (hidden ? "hidden" : "visible"),
    });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

test("what a guest read offline is reported once the phone is online again, in the same page or after a reload", async ({
  browser,
  loggedInPage: page,
}) => {
  test.setTimeout(60_000);
  const home = await createLivePropertyViaApi(page.request, "Cliff Cabin");
  // Arrival is longer than a phone's screen, so Safety is not seen with it.
  const created = await page.request.post(`/api/properties/${home.propertyId}/content/items`, {
    data: {
      categoryLabel: "arrival",
      title: "Key safe",
      detailText: Array.from({ length: 30 }, (_, i) => `<p>Key safe, step ${i + 1}.</p>`).join(""),
    },
  });
  expect(created.status()).toBe(201);
  const keySafe = ((await created.json()) as { item: { id: string } }).item;
  const extinguisher = await createItemViaApi(page.request, home.propertyId, "safety", "Fire extinguisher");
  const guest = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  const guide = await guest.newPage();
  const beacon = () => guide.waitForRequest((r) => r.url().endsWith("/api/guide/engagement"));
  const failed = () =>
    guide.waitForEvent("requestfailed", {
      predicate: (r) => r.url().endsWith("/api/guide/engagement"),
      timeout: 10_000,
    });
  await guide.goto(`/g/${home.propertyId}`);

  // Offline, the guest reads Arrival and switches app: the beacon cannot leave the phone.
  await guest.setOffline(true);
  await openSection(guide, "Arrival & check-in");
  await expect(guide.getByRole("heading", { name: "Key safe" })).toBeVisible();
  await guide.waitForTimeout(1_500);
  let lost = failed();
  await setHidden(guide, true);
  await lost;
  // Back online and back in the guide; the next switch sends what was read offline.
  await guest.setOffline(false);
  await setHidden(guide, false);
  let next = beacon();
  await setHidden(guide, true);
  expect((await next).postDataJSON()).toMatchObject({ sections: ["arrival"], items: [keySafe.id] });

  // Offline again, Safety, and the page is reloaded once online (the browser dropped it meanwhile): the tab's
  // session keeps what was not delivered, and the next switch sends it.
  await setHidden(guide, false);
  await guest.setOffline(true);
  await openFromMenu(guide, "Cliff Cabin", "Safety & emergencies");
  await expect(guide.getByRole("heading", { name: "Fire extinguisher" })).toBeInViewport();
  await guide.waitForTimeout(1_500);
  lost = failed();
  await setHidden(guide, true);
  await lost;
  await guest.setOffline(false);
  await guide.reload();
  await expect(guide.getByRole("heading", { name: "Cliff Cabin" }).first()).toBeVisible();
  // The guide watches what is on screen once the browser is idle after loading.
  await guide.waitForTimeout(1_000);
  next = beacon();
  await setHidden(guide, true);
  const resent = (await next).postDataJSON() as { sections: string[]; items: string[] };
  expect(resent.sections).toContain("safety");
  expect(resent.items).toContain(extinguisher.id);
  await guest.close();

  // The host's report counts both, each once.
  const report = await sectionReportOnceWritten(page, /Safety & emergencies/);
  await expect(report.getByRole("row", { name: /Arrival & check-in/ })).toContainText("100%");
  await expect(report.getByRole("row", { name: /Key safe/ })).toContainText("1");
  await expect(report.getByRole("row", { name: /Fire extinguisher/ })).toContainText("1");
});
