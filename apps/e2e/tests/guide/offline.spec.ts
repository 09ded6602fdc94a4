import { copy } from "@doorstep/shared/copy";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { stayDetailToken } from "@doorstep/shared/rules/stay-details";
import { StayLinkResponse } from "@doorstep/shared/schemas/stay-links";
import { StayResponse } from "@doorstep/shared/schemas/stays";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { guestContext, openSection } from "./guest.ts";

const SCREENS = "/work/notes/screens";

/** A day `offset` days from today in `timeZone`, "YYYY-MM-DD" (stays are the property's wall clock). */
function dayIn(timeZone: string, offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** True once the worker's cache `name` holds a page containing `text` (the worker stores in the background). */
async function cacheHolds(page: Page, name: string, text: string): Promise<boolean> {
  return page.evaluate(
    async ({ name, text }) => {
      const cache = await caches.open(name);
      for (const key of await cache.keys()) {
        const response = await cache.match(key);
        if (response && (await response.text()).includes(text)) return true;
      }
      return false;
    },
    { name, text },
  );
}

async function addItem(request: APIRequestContext, propertyId: string, data: Record<string, unknown>) {
  const created = await request.post(`/api/properties/${propertyId}/content/items`, { data });
  expect(created.status(), await created.text()).toBe(201);
}

test.describe("the guide offline", () => {
  test("an ongoing stay's page opened once reads offline; with the device's clock past check-out its code is gone", async ({
    browser,
    request,
    account,
  }) => {
    expect(account.email).toBeTruthy(); // signs `request` in as the owner
    const property = await createLivePropertyViaApi(request, "Harbour Loft");
    await addItem(request, property.propertyId, {
      categoryLabel: "arrival",
      title: "Door code",
      detailText: `<p>Your code is ${stayDetailToken("doorCode")}.</p>`,
    });
    const tz = property.timeZone;
    const created = await request.post("/api/stays", {
      data: {
        propertyId: property.propertyId,
        guestFirstName: "Ana",
        guestEmail: "ana@example.com",
        checkInDate: dayIn(tz, -1),
        checkOutDate: dayIn(tz, 2),
        doorCode: "7391",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const stay = StayResponse.parse(await created.json()).stay;
    const link = StayLinkResponse.parse(await (await request.get(`/api/stays/${stay.id}/link`)).json());
    const path = new URL(link.url).pathname;

    const context = await guestContext(browser);
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByRole("heading", { name: copy.guestStay.welcome("Ana") })).toBeVisible();
    await expect(page.locator(".stay .code")).toHaveText("7391");
    // One visit: the link's own worker (scoped to the link) stores the page, code and all, during the stay.
    await expect.poll(() => cacheHolds(page, `guide:${path}`, "7391"), { timeout: 15_000 }).toBe(true);
    const until = Date.parse((await page.locator("stay-held").first().getAttribute("data-until"))!);
    expect(until).toBeGreaterThan(Date.now());

    // No signal: the stored page, with the code, on its own address and a section's.
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator(".stay .code")).toHaveText("7391");
    await expect(page.getByText(copy.guide.offline)).toBeVisible();
    await page.goto(`${path}#c-arrival`);
    await expect(page.getByText("Your code is 7391.")).toBeVisible();

    // Still no signal; the phone's clock passes check-out: the code is gone from the page and from search.
    await page.clock.install({ time: until + 60_000 });
    await page.goto(path);
    await expect(page.getByRole("heading", { name: copy.guestStay.welcome("Ana") })).toBeVisible();
    await expect(page.getByText(copy.guestStay.ended)).toBeVisible();
    await expect(page.locator(".stay .code")).toHaveCount(0);
    await expect(page.getByText("7391")).toHaveCount(0);
    expect(await page.content()).not.toContain("7391");
    await page.goto(`${path}#c-arrival`);
    const item = page.locator("article.item").filter({ hasText: "Door code" });
    await expect(item.getByText(copy.guestStay.restricted)).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/offline-stay-ended.png`, fullPage: true });
    await context.close();
  });

  test("a French guest offline gets French, the plain link opens in French, and Messages says it needs a connection", async ({
    browser,
    request,
    account,
  }) => {
    expect(account.email).toBeTruthy(); // signs `request` in as the owner
    const property = await createLivePropertyViaApi(request, "Harbour Loft");
    const id = property.propertyId;
    const patched = await request.patch(`/api/properties/${id}`, {
      data: { languageTranslations: ["fr"], inboundMessagingActive: true },
    });
    expect(patched.status(), await patched.text()).toBe(204);
    await addItem(request, id, {
      categoryLabel: "arrival",
      title: "Getting in",
      detailText: "<p>The key safe is left of the door.</p>",
      translations: [
        { language: "fr", action: "create", title: "Entrer", detailText: "<p>La boîte à clés est à gauche.</p>" },
      ],
    });
    const fr = guideLabels("fr");
    // An English phone: the guest picks French in the guide.
    const context = await guestContext(browser, { locale: "en-GB" });
    const page = await context.newPage();
    await page.goto(`/g/${id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect.poll(() => cacheHolds(page, `guide:/g/${id}`, "Getting in"), { timeout: 15_000 }).toBe(true);
    await page.getByRole("link", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    // Switched in place (no navigation), and kept offline all the same.
    await expect.poll(() => cacheHolds(page, `guide:/g/${id}`, "Entrer"), { timeout: 15_000 }).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByText(fr.guide.offline)).toBeVisible();
    await openSection(page, fr.categories.arrival, fr.guide.contents);
    await expect(page.getByRole("heading", { name: "Entrer" })).toBeVisible();
    // The plain link, as printed on the QR code: the language chosen on this phone, offline too.
    await page.goto(`/g/${id}`);
    await expect(page).toHaveURL(new RegExp(`/g/${id}\\?lang=fr$`));
    await expect(page.getByRole("heading", { level: 1, name: "Harbour Loft" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    // Messages needs the network: the guide says so, in French, instead of showing its home page.
    await page.getByRole("navigation", { name: fr.guide.contents }).getByRole("link", { name: "Messages" }).click();
    await expect(page.getByText(fr.messaging.needsConnection)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/g/${id}\\?lang=fr(#home)?$`));
    // Its address opened directly (a bookmark, a notification): the worker's page says the same.
    await page.goto(`/g/${id}/messages?lang=fr`);
    await expect(page.getByText(fr.messaging.needsConnection)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: fr.categories.arrival })).toHaveCount(0);
    await page.getByRole("link", { name: "Harbour Loft" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Harbour Loft" })).toBeVisible();

    // Online again, a new visit to the plain link opens in French too.
    await context.setOffline(false);
    await page.goto(`/g/${id}`);
    await expect(page).toHaveURL(new RegExp(`/g/${id}\\?lang=fr$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await context.close();
  });
});
