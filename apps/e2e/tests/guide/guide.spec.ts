import { copy } from "@doorstep/shared/copy";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, logInThroughApi, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { expectAccessible, guestContext, openSection, tiles } from "./guest.ts";

const ARRIVAL = "Arrival & check-in";
const SECRET = "The key safe is left of the door, code 4821.";

/** A live guide with one arrival item, a French translation of it, and French among its languages. */
async function guideWithContent(request: APIRequestContext, title = "Harbour Loft") {
  const property = await createLivePropertyViaApi(request, title);
  const id = property.propertyId;
  expect(
    (
      await request.patch(`/api/properties/${id}`, {
        data: { displayAddress: "12 Quay Street, Whitby", languageTranslations: ["fr"] },
      })
    ).status(),
  ).toBe(204);
  const item = await request.post(`/api/properties/${id}/content/items`, {
    data: {
      categoryLabel: "arrival",
      title: "Getting in",
      detailText: `<p>${SECRET}</p>`,
      translations: [
        {
          language: "fr",
          action: "create",
          title: "Entrer",
          detailText: "<p>La boîte à clés est à gauche de la porte.</p>",
        },
      ],
    },
  });
  expect(item.status(), await item.text()).toBe(201);
  return id;
}

test("a guest opens the guide by the QR address; the visit is recorded as a QR visit; no serious axe violations", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithContent(request);
  const context = await guestContext(browser);
  const page = await context.newPage();
  const visit = page.waitForRequest((r) => r.url().endsWith("/api/guide/visits") && r.method() === "POST");
  await page.goto(`/q/${id}`);
  await expect(page).toHaveURL(new RegExp(`/g/${id}\\?utm_source=qr-code$`));
  await expect(page.getByRole("heading", { level: 1, name: "Harbour Loft" })).toBeVisible();
  await openSection(page, ARRIVAL);
  await expect(page.getByText(SECRET)).toBeVisible();
  const body = (await visit).postDataJSON();
  expect(body).toMatchObject({ propertyId: id, utmSource: "qr-code" });
  expect(body.trackingSessionId).toMatch(/^[0-9a-f]{32}$/);
  expect((await (await visit).response())?.status()).toBe(204);
  await expectAccessible(page);
  await context.close();
});

test("the guide reads with JavaScript disabled", async ({ browser, request, account }) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithContent(request);
  const context = await guestContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Harbour Loft" })).toBeVisible();
  // The home screen's tiles are plain links to the sections.
  await openSection(page, ARRIVAL);
  await expect(page.getByText(SECRET)).toBeVisible();
  // The language links work as plain links.
  await page.getByRole("link", { name: "Français" }).click();
  const fr = guideLabels("fr");
  await openSection(page, fr.categories.arrival, fr.guide.contents);
  await expect(page.getByRole("heading", { name: "Entrer" })).toBeVisible();
  await context.close();
});

test("switching language swaps the page in place", async ({ browser, request, account }) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithContent(request);
  const context = await guestContext(browser, { locale: "en-GB" });
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  await openSection(page, ARRIVAL);
  await expect(page.getByRole("heading", { name: "Getting in" })).toBeVisible();
  // A mark on the window survives only if the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("link", { name: "Français" }).click();
  await expect(page.getByRole("heading", { name: "Entrer" })).toBeVisible();
  // The same section, now in French: its address is the same in every language.
  await expect(page).toHaveURL(new RegExp(`/g/${id}\\?lang=fr#c-arrival$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expectAccessible(page);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Getting in" })).toBeVisible();
  await context.close();
});

test("a passcode keeps the guide closed until the right code is entered", async ({ browser, request, account }) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithContent(request);
  expect((await request.put(`/api/properties/${id}/passcode`, { data: { passcode: "246810" } })).status()).toBe(204);
  const context = await guestContext(browser);
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Harbour Loft" })).toBeVisible();
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await expectAccessible(page);
  await page.getByLabel(copy.guide.passcodeLabel).fill("111111");
  await page.getByRole("button", { name: copy.guide.unlock }).click();
  await expect(page.getByRole("alert")).toHaveText(copy.guide.passcodeWrong);
  // XCUT-50: the error shows for 3 s.
  await expect(page.getByRole("alert")).toHaveText("", { timeout: 5000 });
  await page.getByLabel(copy.guide.passcodeLabel).fill("246810");
  await page.getByRole("button", { name: copy.guide.unlock }).click();
  await openSection(page, ARRIVAL);
  await expect(page.getByText(SECRET)).toBeVisible();
  await page.reload();
  await expect(page.getByText(SECRET)).toBeVisible();
  await context.close();
});

/** True once the guide's offline cache holds a page containing `text` (the worker stores in the background). */
async function cachedPageContains(page: Page, id: string, text: string): Promise<boolean> {
  return page.evaluate(
    async ({ id, text }) => {
      const cache = await caches.open(`guide:/g/${id}`);
      for (const key of await cache.keys()) {
        const response = await cache.match(key);
        if (response && (await response.text()).includes(text)) return true;
      }
      return false;
    },
    { id, text },
  );
}

test("after one visit the guide opens with no network", async ({ browser, request, account }) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithContent(request);
  const context = await guestContext(browser);
  const page = await context.newPage();
  // A section's own address: the worker stores the page, which opens on that section again offline.
  await page.goto(`/g/${id}#c-arrival`);
  await expect(page.getByText(SECRET)).toBeVisible();
  // One visit only: the worker stores the page that registered it, without a second load.
  await expect.poll(() => cachedPageContains(page, id, SECRET), { timeout: 15_000 }).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Harbour Loft" })).toBeVisible();
  await expect(page.getByText(SECRET)).toBeVisible();
  await expect(page.getByText(copy.guide.offline)).toBeVisible();
  await expect(page.getByText(/Last updated/)).toBeVisible();
  await context.close();
});

test("the offline cache never holds passcode-protected content before unlocking", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await guideWithContent(request);
  expect((await request.put(`/api/properties/${id}/passcode`, { data: { passcode: "246810" } })).status()).toBe(204);
  const context = await guestContext(browser);
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  await expect(page.getByLabel(copy.guide.passcodeLabel)).toBeVisible();
  // The gate registers no worker; the cache has nothing of the guide.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(await cachedPageContains(page, id, SECRET)).toBe(false);
  await page.getByLabel(copy.guide.passcodeLabel).fill("246810");
  await page.getByRole("button", { name: copy.guide.unlock }).click();
  await expect(tiles(page)).toBeVisible();
  await expect.poll(() => cachedPageContains(page, id, SECRET), { timeout: 15_000 }).toBe(true);
  // The host changes the passcode: the next online visit shows the gate and the worker forgets the guide.
  expect((await request.put(`/api/properties/${id}/passcode`, { data: { passcode: "135790" } })).status()).toBe(204);
  await page.reload();
  await expect(page.getByLabel(copy.guide.passcodeLabel)).toBeVisible();
  await expect.poll(() => cachedPageContains(page, id, SECRET), { timeout: 15_000 }).toBe(false);
  await context.setOffline(true);
  await page.reload().catch(() => undefined);
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await context.close();
});

test("the owner previews an inactive guide from the dashboard header", async ({ page, account, request }) => {
  const id = await guideWithContent(request);
  expect((await request.patch(`/api/properties/${id}`, { data: { published: false } })).status()).toBe(204);
  // Guests see the inactive page.
  const guest = await page.context().browser()!.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(`/g/${id}`);
  await expect(guestPage.getByRole("heading", { name: copy.guide.inactive })).toBeVisible();
  await expectAccessible(guestPage);
  await guest.close();

  await logInThroughApi(page, account.email, account.password);
  await page.goto(`/property/${id}`);
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: copy.header.previewGuide }).click();
  const preview = await popup;
  await openSection(preview, ARRIVAL);
  await expect(preview.getByText(SECRET)).toBeVisible();
  await expect(preview.getByText(copy.guide.previewNote)).toBeVisible();
  expect(new URL(preview.url()).searchParams.get("preview")).toBeTruthy();
});
