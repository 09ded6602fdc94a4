import { copy } from "@doorstep/shared/copy";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { PHONE_UA, openFromMenu, openSection } from "./guest.ts";

/** A live guide in English, French and Arabic: Wi-Fi translated into French, the arrival item not translated. */
async function multilingualGuide(request: APIRequestContext) {
  const property = await createLivePropertyViaApi(request, "Harbour Loft");
  const id = property.propertyId;
  const patched = await request.patch(`/api/properties/${id}`, {
    data: { displayAddress: "12 Quay Street, Whitby", languageTranslations: ["fr", "ar"] },
  });
  expect(patched.status(), await patched.text()).toBe(204);
  const wifi = await request.post(`/api/properties/${id}/content/items`, {
    data: {
      categoryLabel: "wifi-and-tech",
      templateLabel: "wifi",
      title: "Wi-Fi",
      detailText: "<p>Network: <strong>SeaView</strong><br>Password: <strong>sunshine42</strong></p>",
      translations: [
        { language: "fr", action: "create", title: "Le Wi-Fi", detailText: "<p>Réseau : <strong>SeaView</strong></p>" },
      ],
    },
  });
  expect(wifi.status(), await wifi.text()).toBe(201);
  const arrival = await request.post(`/api/properties/${id}/content/items`, {
    data: { categoryLabel: "arrival", title: "Getting in", detailText: "<p>The key safe is left of the door.</p>" },
  });
  expect(arrival.status(), await arrival.text()).toBe(201);
  return id;
}

test("a French guest reads the guide's own words in French, with Français in the switcher", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const id = await multilingualGuide(request);
  const fr = guideLabels("fr");
  const context = await browser.newContext({
    userAgent: PHONE_UA,
    viewport: { width: 390, height: 844 },
    locale: "fr-FR",
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  // GUIDE-08: each language by its own name; the current one marked.
  const languages = page.getByRole("navigation", { name: fr.guide.language });
  await expect(languages.getByRole("link", { name: "Français" })).toHaveAttribute("aria-current", "true");
  await expect(languages.getByRole("link", { name: "English" })).toBeVisible();
  await expect(languages.getByRole("link", { name: "العربية" })).toBeVisible();
  // The guide's labels and the system categories' titles in French.
  const contents = page.getByRole("navigation", { name: fr.guide.contents });
  await expect(contents.getByRole("link", { name: fr.categories.arrival })).toBeVisible();
  await expect(page.getByRole("heading", { name: fr.guide.hostCardTitle })).toBeVisible();
  await openSection(page, fr.categories["wifi-and-tech"], fr.guide.contents);
  await expect(page.getByRole("heading", { name: copy.guide.hostCardTitle })).toHaveCount(0);
  // The untranslated item: said once, in French, and the English marked as English.
  await expect(page.getByText(fr.guide.untranslatedNotice)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Le Wi-Fi" })).not.toHaveAttribute("lang", "en");
  await openFromMenu(page, "Harbour Loft", fr.categories.arrival, fr.guide.contents);
  await expect(page.getByRole("heading", { name: "Getting in" })).toHaveAttribute("lang", "en");
  await openFromMenu(page, "Harbour Loft", fr.categories["wifi-and-tech"], fr.guide.contents);
  // The script's word comes from the page: "Copié", not "Copied".
  const copyButton = page.locator("button[data-copy]");
  await expect(copyButton).toHaveText(fr.guide.copyWifiPassword);
  await copyButton.click();
  await expect(copyButton).toHaveText(fr.guide.copied);
  // Switching to English in place brings the English labels back.
  await languages.getByRole("link", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Wi-Fi", exact: true })).toBeVisible();
  await page.getByRole("link", { name: copy.guide.home }).click();
  await expect(page.getByRole("heading", { name: copy.guide.hostCardTitle })).toBeVisible();
  await expect(page.getByText(fr.guide.untranslatedNotice)).toHaveCount(0);
  await context.close();
});
