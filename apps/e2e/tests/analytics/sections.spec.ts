// Section analytics: the guide's beacons from a phone, and the host's section report.
import { copy } from "@doorstep/shared/copy";
import type { Locator, Page, Request } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createItemViaApi } from "../content/content-api.ts";
import { PHONE_UA, openFromMenu, openSection } from "../guide/guest.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

const c = copy.analytics;

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
  // The page sends what it showed every few seconds while open, and the rest when hidden: all its beacons.
  const beacons: { sections: string[]; items: string[]; language: string }[] = [];
  guide.on("request", (r) => {
    if (r.url().endsWith("/api/guide/engagement")) beacons.push(r.postDataJSON());
  });
  const all = (key: "sections" | "items") => [...new Set(beacons.flatMap((b) => b[key]))].sort();
  // The guest stays on a section until the page has sent it (a few seconds after it was seen), not for a fixed
  // time: the guide starts watching the screen once the browser is idle, seconds late on a busy machine.
  const readUntilSent = (section: string) => expect.poll(() => all("sections"), { timeout: 20_000 }).toContain(section);
  await guide.goto(`/g/${home.propertyId}`);
  await openSection(guide, "Arrival & check-in");
  await expect(guide.getByRole("heading", { name: "Key safe" })).toBeVisible();
  await readUntilSent("arrival");
  // The views stay in the page: no reload (a reload would also forget what the guest had seen).
  await guide.evaluate(() => Object.assign(window, { beforeJump: true }));
  await openFromMenu(guide, "Harbour Loft", "Safety & emergencies");
  await expect(guide.getByRole("heading", { name: "Fire extinguisher" })).toBeInViewport();
  await readUntilSent("safety");
  await openFromMenu(guide, "Harbour Loft", "Check-out");
  await expect(guide.getByRole("heading", { name: "Leave the keys" })).toBeInViewport();
  expect(await guide.evaluate(() => "beforeJump" in window)).toBe(true);
  // The guest switches to another app: the page becomes hidden and sends what it has not sent yet. (Headless
  // Chromium never hides a page by itself, so the test says it is hidden, as a phone's browser would.)
  await hideUntilBeacon(guide, "request", "check-out");
  await expect.poll(() => all("sections")).toEqual(["arrival", "check-out", "safety"]);
  expect(all("items")).toHaveLength(4);
  expect(beacons.every((b) => b.language === "en")).toBe(true);
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

test("in Chromium as it is, nothing faked: a guest reading two sections shows them as opened in Guide Analytics", async ({
  browser,
  loggedInPage: page,
}) => {
  test.setTimeout(60_000);
  const home = await createLivePropertyViaApi(page.request, "Quay House");
  await createItemViaApi(page.request, home.propertyId, "arrival", "Key safe");
  await createItemViaApi(page.request, home.propertyId, "safety", "Fire extinguisher");
  await createItemViaApi(page.request, home.propertyId, "check-out", "Leave the keys");
  const guest = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  const guide = await guest.newPage();
  const beaconWith = (section: string) =>
    guide.waitForRequest(
      (r) =>
        r.url().endsWith("/api/guide/engagement") &&
        (r.postDataJSON() as { sections: string[] }).sections.includes(section),
      { timeout: 20_000 },
    );
  await guide.goto(`/g/${home.propertyId}`);
  // The page stays open and visible: what it showed goes while the guest is still reading.
  const arrival = beaconWith("arrival");
  await openSection(guide, "Arrival & check-in");
  await arrival;
  const safety = beaconWith("safety");
  await openFromMenu(guide, "Quay House", "Safety & emergencies");
  await safety;

  const report = await sectionReportOnceWritten(page, /Safety & emergencies/);
  await expect(report.getByRole("row", { name: /Arrival & check-in/ })).toContainText("100%");
  await expect(report.getByRole("row", { name: /Arrival & check-in/ })).not.toContainText(c.notOpened);
  await expect(report.getByRole("row", { name: /Check-out/ })).toContainText(c.notOpened);
  await expect(report.getByRole("row", { name: /English/ })).toContainText("1");
  await guest.close();
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

/**
 * Hides the page until the guide sends a beacon carrying `section` (`request`), or tries to while offline
 * (`requestfailed`), and gives that request. A hide sends only what the page has already counted as seen (on
 * screen for a second, timed from when the browser reports it visible), and the guide starts watching the screen
 * once the browser is idle after loading, which on a busy machine can be seconds later; a hide before then sends
 * nothing, or only what an earlier beacon left to send again, so the page is shown and hidden until the beacon
 * carries `section`. No fixed wait: the page's own beacons say when it has counted the section.
 */
async function hideUntilBeacon(guide: Page, outcome: "request" | "requestfailed", section: string) {
  for (let attempt = 1; ; attempt++) {
    const options = {
      predicate: (r: Request) =>
        r.url().endsWith("/api/guide/engagement") &&
        (r.postDataJSON() as { sections: string[] }).sections.includes(section),
      timeout: 2_000,
    };
    const beacon = (
      outcome === "requestfailed"
        ? guide.waitForEvent("requestfailed", options)
        : guide.waitForEvent("request", options)
    ).catch(() => null);
    await setHidden(guide, true);
    const request = await beacon;
    if (request) return request;
    if (attempt === 10) throw new Error(`no beacon with ${section} (${outcome}) after ${attempt} hides`);
    await setHidden(guide, false);
  }
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
  await guide.goto(`/g/${home.propertyId}`);

  // Offline, the guest reads Arrival and switches app: the beacon cannot leave the phone.
  await guest.setOffline(true);
  await openSection(guide, "Arrival & check-in");
  await expect(guide.getByRole("heading", { name: "Key safe" })).toBeVisible();
  await hideUntilBeacon(guide, "requestfailed", "arrival");
  // Back online and back in the guide; the next switch sends what was read offline.
  await guest.setOffline(false);
  await setHidden(guide, false);
  const sent = await hideUntilBeacon(guide, "request", "arrival");
  expect(sent.postDataJSON()).toMatchObject({ sections: ["arrival"], items: [keySafe.id] });

  // Offline again, Safety, and the page is reloaded once online (the browser dropped it meanwhile): the tab's
  // session keeps what was not delivered, and the next switch sends it.
  await setHidden(guide, false);
  await guest.setOffline(true);
  await openFromMenu(guide, "Cliff Cabin", "Safety & emergencies");
  await expect(guide.getByRole("heading", { name: "Fire extinguisher" })).toBeInViewport();
  await hideUntilBeacon(guide, "requestfailed", "safety");
  await guest.setOffline(false);
  await guide.reload();
  await expect(guide.getByRole("heading", { name: "Cliff Cabin" }).first()).toBeVisible();
  const resent = (await hideUntilBeacon(guide, "request", "safety")).postDataJSON() as {
    sections: string[];
    items: string[];
  };
  expect(resent.sections).toContain("safety");
  expect(resent.items).toContain(extinguisher.id);
  await guest.close();

  // The host's report counts both, each once.
  const report = await sectionReportOnceWritten(page, /Safety & emergencies/);
  await expect(report.getByRole("row", { name: /Arrival & check-in/ })).toContainText("100%");
  await expect(report.getByRole("row", { name: /Key safe/ })).toContainText("1");
  await expect(report.getByRole("row", { name: /Fire extinguisher/ })).toContainText("1");
});
