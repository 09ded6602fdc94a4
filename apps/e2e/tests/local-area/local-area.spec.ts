import { copy } from "@doorstep/shared/copy";
import { LocalAreaPageResponse } from "@doorstep/shared/schemas/local-area";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, keyboardDrag, pointerDrag, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

const c = copy.localArea;
const shots = process.env.LOCAL_AREA_SCREENSHOTS;

async function profilePlaceRows(request: APIRequestContext, label: string) {
  const response = await request.get(`/api/local-area-profiles/${label}`);
  return LocalAreaPageResponse.parse(await response.json()).places;
}

async function profilePlaces(request: APIRequestContext, label: string): Promise<string[]> {
  return (await profilePlaceRows(request, label)).map((p) => p.title);
}

async function photograph(page: Page, name: string) {
  if (!shots) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("local area recommendations (LOCAL-01…26)", () => {
  test("create a profile, add custom places with and without a pin, reorder, attach to two properties, delete", async ({
    loggedInPage: page,
  }) => {
    test.setTimeout(90_000);
    const first = await createLivePropertyViaApi(page.request, "Seafront Flat");
    const second = await createLivePropertyViaApi(page.request, "Lanes Loft");
    // French guests: a profile may be written in every language of the account's guides.
    const french = await page.request.patch(`/api/properties/${first.propertyId}`, {
      data: { languageTranslations: ["fr"] },
    });
    expect(french.status(), await french.text()).toBe(204);

    // LOCAL-15: the empty list.
    await page.goto("/local-area-profiles");
    await expect(page.getByRole("heading", { level: 1, name: c.profilesTitle })).toBeVisible();
    await expect(page.getByText(c.noProfiles)).toBeVisible();
    await page.getByText(c.howItWorks).click();
    await expect(page.getByText(c.howItWorksText)).toBeVisible();
    await photograph(page, "profiles-empty");

    // LOCAL-17/18: both inputs are needed; the town comes from the search.
    await page.getByRole("link", { name: c.createProfile }).click();
    await expect(page).toHaveURL(/\/create-local-area-profile$/);
    await page.getByRole("button", { name: c.createButton }).click();
    await expect(page.getByText(c.enterAll)).toBeVisible();
    await page.getByLabel(c.profileName).fill("Brighton Seafront");
    await page.getByRole("combobox", { name: c.nearestTown }).fill("Brighton");
    await page.getByRole("option", { name: /^Brighton, England, United Kingdom/ }).click();
    await expect(page.getByText(c.townChosen("Brighton, England, United Kingdom"))).toBeVisible();
    await photograph(page, "create-profile");
    await page.getByRole("button", { name: c.createButton }).click();

    // LOCAL-19/01: the label is the name lowercased with dashes; the page is titled after the profile.
    await expect(page).toHaveURL(/\/local-area-profile\/brighton-seafront$/);
    await expect(page.getByRole("heading", { level: 1, name: c.profileTitle("Brighton Seafront") })).toBeVisible();
    await expect(page.getByRole("heading", { name: c.categories.cafes.title })).toBeVisible();
    // The offline default says plainly that place search needs a provider.
    await page.getByRole("button", { name: `${c.edit} ${c.categories.cafes.title}` }).click();
    await expect(page.getByText(c.searchNeedsProvider)).toBeVisible();

    // LOCAL-11/12: a custom place with a pin, and one without.
    await page.getByRole("button", { name: c.addCustom }).click();
    await page.getByRole("button", { name: c.save }).click();
    await expect(page.getByText(copy.common.required)).toBeVisible();
    await page.getByLabel(c.placeTitle, { exact: true }).fill("Bond St Coffee");
    await page.getByLabel(c.placeText, { exact: true }).fill("The best flat white in town.");
    await page.getByLabel(c.placeWebLink).fill("not a link");
    await page.getByRole("button", { name: c.setPin }).click();
    const pinMap = page.getByRole("group", { name: c.pinMapLabel });
    await expect(pinMap).toBeVisible();
    // The pin opens on the town: a click on the map puts it on the café.
    await expect(pinMap.locator(".leaflet-marker-icon")).toBeVisible();
    await pinMap.scrollIntoViewIfNeeded();
    const box = (await pinMap.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 - 40);
    await expect(page.getByText(c.pinHint)).toBeVisible();
    await page.getByRole("button", { name: c.save }).click();
    // A bad web link is refused under its field and nothing typed is lost.
    await expect(page.getByText("Use a full address beginning with http:// or https://")).toBeVisible();
    await expect(page.getByLabel(c.placeTitle, { exact: true })).toHaveValue("Bond St Coffee");
    await page.getByLabel(c.placeWebLink).fill("https://bondst.example.com");
    await page.getByText(c.translationsHeading(1)).click();
    await expect(page.getByText(c.translationsHint(false))).toBeVisible();
    await page.getByLabel(c.translatedText("French")).fill("Le meilleur flat white de la ville.");
    await page.getByRole("button", { name: c.save }).click();
    await expect(page.getByRole("status").filter({ hasText: c.saved })).toBeVisible();
    await expect(page.getByLabel(c.placePhoto)).toBeVisible();
    await photograph(page, "place-editor");
    await page.getByRole("button", { name: c.close, exact: true }).click();

    await page.getByRole("button", { name: c.addCustom }).click();
    await page.getByLabel(c.placeTitle, { exact: true }).fill("Small Batch");
    await page.getByRole("button", { name: c.save }).click();
    await expect(page.getByRole("status").filter({ hasText: c.saved })).toBeVisible();
    await page.getByRole("button", { name: c.close, exact: true }).click();

    const list = page.getByRole("list", { name: c.placesIn(c.categories.cafes.title) });
    await expect(list.getByRole("listitem")).toContainText(["Bond St Coffee", "Small Batch"]);
    await expect(list.getByRole("listitem").nth(1)).toContainText(c.awaitingPin);
    await expect(page.getByText(c.placesAdded(2))).toBeVisible();
    await photograph(page, "profile-page");

    // LOCAL-06: keyboard drag and drop, saved after the drop.
    const handle = list.getByRole("button", { name: c.dragHandle("Small Batch") });
    const rows = await profilePlaceRows(page.request, "brighton-seafront");
    const idOf = (title: string) => rows.find((p) => p.title === title)!.id;
    const [bondId, smallBatchId] = [idOf("Bond St Coffee"), idOf("Small Batch")];
    await keyboardDrag(page, handle, [bondId, smallBatchId], smallBatchId, bondId);
    await expect(list.getByRole("listitem")).toContainText(["Small Batch", "Bond St Coffee"]);
    await expect
      .poll(() => profilePlaces(page.request, "brighton-seafront"))
      .toEqual(["Small Batch", "Bond St Coffee"]);

    // And with the pointer: Bond St Coffee's handle dragged above Small Batch, saved after the drop.
    await pointerDrag(
      page,
      list.getByRole("button", { name: c.dragHandle("Bond St Coffee") }),
      list.getByRole("button", { name: c.dragHandle("Small Batch") }),
      bondId,
      smallBatchId,
    );
    await expect(list.getByRole("listitem")).toContainText(["Bond St Coffee", "Small Batch"]);
    await expect
      .poll(() => profilePlaces(page.request, "brighton-seafront"))
      .toEqual(["Bond St Coffee", "Small Batch"]);

    // LOCAL-02: attach the profile to both properties from their local-area pages.
    for (const property of [first, second]) {
      await page.goto(`/property/${property.propertyId}/local-area`);
      await expect(page.getByRole("heading", { level: 1, name: c.propertyTitle })).toBeVisible();
      const box = page.getByRole("checkbox", { name: new RegExp(c.attachProfile("Brighton Seafront")) });
      await box.check();
      await expect(box).toBeChecked();
      await expect
        .poll(async () =>
          LocalAreaPageResponse.parse(
            await (await page.request.get(`/api/properties/${property.propertyId}/local-area`)).json(),
          ).profiles.map((p) => p.attached),
        )
        .toEqual([true]);
    }
    await photograph(page, "property-local-area");

    // GUIDE-10/15: both guides show the profile's places, with a directions link to the pinned one.
    for (const property of [first, second]) {
      // The recommendations' own address (the home screen's tile leads there).
      await page.goto(`/g/${property.propertyId}#places`);
      const section = page.getByRole("region", { name: c.guideTitle });
      await expect(section.getByRole("heading", { name: "Bond St Coffee" })).toBeVisible();
      await expect(section.getByRole("heading", { name: "Small Batch" })).toBeVisible();
      const directions = section.getByRole("link", { name: new RegExp(`^${c.directions}`) }).first();
      await expect(directions).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    }
    // In French, the host's French words.
    await page.goto(`/g/${first.propertyId}?lang=fr#places`);
    await expect(page.getByText("Le meilleur flat white de la ville.")).toBeVisible();

    // The overview's "Local area" entry leads here.
    await page.goto(`/property/${first.propertyId}`);
    // The overview's own block, not the navigation's "Local areas".
    await page
      .getByRole("main")
      .getByRole("link", { name: /Local area/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/property/${first.propertyId}/local-area$`));

    // LOCAL-15: the card with its count.
    await page.goto("/local-area-profiles");
    await expect(page.getByRole("link", { name: /Brighton Seafront/ })).toContainText(c.placeCount(2));

    // LOCAL-23…25: delete with the confirmation, then the deleted page.
    await page.getByRole("link", { name: /Brighton Seafront/ }).click();
    await page.getByRole("button", { name: c.deleteProfile }).click();
    await expect(page.getByText(/cannot be undone/)).toBeVisible();
    await page.getByRole("button", { name: c.keep }).click();
    await page.getByRole("button", { name: c.deleteProfile }).click();
    await page.getByRole("button", { name: c.delete, exact: true }).click();
    await expect(page).toHaveURL(/\/local-area-profile-deleted$/);
    await expect(page.getByRole("heading", { name: copy.deleted.title(c.profileType) })).toBeVisible();
    await page.getByRole("link", { name: c.backToProfiles }).click();
    await expect(page.getByText(c.noProfiles)).toBeVisible();
  });
});
