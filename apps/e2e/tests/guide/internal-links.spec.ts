import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { PHONE_UA } from "./guest.ts";

test("an internal-link button scrolls to its section, in English and in French (GUIDE-16)", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const property = await createLivePropertyViaApi(request, "Link Lodge");
  const id = property.propertyId;
  expect((await request.patch(`/api/properties/${id}`, { data: { languageTranslations: ["fr"] } })).status()).toBe(204);
  const wifi = await request.post(`/api/properties/${id}/content/items`, {
    data: { categoryLabel: "wifi-and-tech", title: "Router", detailText: "<p>Behind the sofa.</p>" },
  });
  expect(wifi.status(), await wifi.text()).toBe(201);
  // Enough text above the Wi-Fi section that it starts below the fold on a phone.
  const long = `<p>${"Welcome to the lodge. ".repeat(120)}</p>`;
  const arrival = await request.post(`/api/properties/${id}/content/items`, {
    data: {
      categoryLabel: "arrival",
      title: "Getting in",
      detailText: long,
      translations: [{ language: "fr", action: "create", title: "Entrer", detailText: long }],
      subItems: [
        { action: "create", type: "internal-link", internalLinkLabel: "See the Wi-Fi", internalLink: "/wifi-and-tech" },
      ],
    },
  });
  expect(arrival.status(), await arrival.text()).toBe(201);

  const context = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const lang of ["en", "fr"]) {
    // The section holding the button, by its own address; the Wi-Fi section is not shown beside it.
    await page.goto(`/g/${id}?lang=${lang}#c-arrival`);
    const section = page.locator("#c-wifi-and-tech");
    await expect(section).toBeHidden();
    await page.getByRole("link", { name: "See the Wi-Fi" }).click();
    await expect(page).toHaveURL(new RegExp(`/g/${id}\\?lang=${lang}#c-wifi-and-tech$`));
    await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
  }
  await context.close();
});
