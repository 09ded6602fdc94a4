import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { readProperty } from "../basic-setup/property-api.ts";
import { createPropertyViaApi, uniqueWeblink } from "../properties/property-api.ts";

const c = copy.bulkUpdates;

test("bulk-set translations of two properties: check, submit, a result per property, Basic Setup shows them (BULK-01…05)", async ({
  loggedInPage: page,
}) => {
  const loft = await createPropertyViaApi(page.request, "Harbour Loft");
  const hut = await createPropertyViaApi(page.request, "Beach Hut");
  await createPropertyViaApi(page.request, "Mill House");
  // Two ticked on the properties list open the page with their ids.
  await page.goto("/properties");
  await page.getByRole("checkbox", { name: c.selectProperty("Harbour Loft") }).check();
  await page.getByRole("checkbox", { name: c.selectProperty("Beach Hut") }).check();
  await expect(page.getByRole("status").filter({ hasText: c.selectedCount(2) })).toBeVisible();
  await page.getByRole("button", { name: c.updateSelected }).click();
  await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
  // The two arrive chosen, as removable chips.
  const chips = page.getByRole("list", { name: c.selection });
  await expect(chips.getByRole("listitem")).toHaveCount(2);
  await expect(chips.getByRole("button", { name: c.removeProperty("Harbour Loft") })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: c.selectedCount(2) })).toBeVisible();
  await page.getByLabel(c.detailKey).selectOption({ label: c.keys.LanguageTranslations });
  const languages = page.getByRole("group", { name: c.languages });
  await languages.getByLabel(c.filterLanguages).fill("fre");
  await languages.getByRole("checkbox", { name: "French" }).check();
  await languages.getByLabel(c.filterLanguages).fill("germ");
  await languages.getByRole("checkbox", { name: "German" }).check();
  await expect(languages.getByRole("status")).toHaveText(c.languagesChosen(2));
  await expect(page.getByRole("button", { name: c.submit })).toHaveCount(0);
  await page.getByRole("button", { name: c.preview }).click();

  const results = page.getByRole("region", { name: c.previewTitle });
  await expect(page.getByRole("status").filter({ hasText: c.previewSummary(2, 0, 0, 0) })).toBeVisible();
  await expect(results.getByRole("row", { name: /Harbour Loft/ })).toContainText(c.statuses["will-update"]);
  await expect(results.getByRole("row", { name: /Harbour Loft/ })).toContainText("fr, de");
  // Checking changed nothing.
  expect((await readProperty(page.request, loft.propertyId)).languageTranslations).toEqual([]);

  await page.getByRole("button", { name: c.submit }).click();
  const done = page.getByRole("region", { name: c.resultTitle });
  await expect(page.getByRole("status").filter({ hasText: c.summary(2, 0, 0, 0) })).toBeVisible();
  await expect(done.getByRole("row", { name: /Beach Hut/ })).toContainText(c.statuses.updated);

  for (const property of [loft, hut])
    expect((await readProperty(page.request, property.propertyId)).languageTranslations).toEqual(["fr", "de"]);
  await page.goto(`/property/${hut.propertyId}/property-details`);
  await expect(page.getByText("French, German").or(page.getByText("French")).first()).toBeVisible();

  // Nothing chosen: the message is under the picker and nothing is sent.
  await page.goto("/bulk-updates");
  await page.getByRole("button", { name: c.preview }).click();
  await expect(page.getByText(c.chooseProperties)).toBeVisible();
});

test("pickers: search, select all shown, remove one, set the primary colour of two of three (BULK-01, BULK-05)", async ({
  loggedInPage: page,
}) => {
  const tag = uniqueWeblink("cove").slice(-6);
  const made = [];
  for (const name of ["North", "South", "West"])
    made.push(await createPropertyViaApi(page.request, `Cove ${tag} ${name}`));
  const [north, south, west] = made as [PropertyDto, PropertyDto, PropertyDto];
  await page.goto("/bulk-updates");
  const picker = page.getByRole("group", { name: c.properties });
  await picker.getByLabel(c.searchProperties).fill(`Cove ${tag}`);
  await expect(picker.getByRole("checkbox")).toHaveCount(3);
  await picker.getByRole("button", { name: c.selectAllShown }).click();
  await expect(picker.getByRole("status")).toHaveText(c.selectedCount(3));
  await picker.getByRole("button", { name: c.removeProperty(`Cove ${tag} West`) }).click();
  await expect(picker.getByRole("checkbox", { name: `Cove ${tag} West` })).not.toBeChecked();
  await expect(picker.getByRole("status")).toHaveText(c.selectedCount(2));

  // Every kind of value control passes axe: languages, one language, manager, switch, colour.
  for (const key of ["LanguageTranslations", "DefaultLanguage", "LinkedManager", "Published"] as const) {
    await page.getByLabel(c.detailKey).selectOption({ label: c.keys[key] });
    expect(await axeViolations(page), key).toEqual([]);
  }
  await page.getByRole("switch", { name: c.detailValues }).check();
  await expect(page.getByRole("switch", { name: c.detailValues })).toBeChecked();
  await page.getByLabel(c.detailKey).selectOption({ label: c.keys.PrimaryColour });
  await page.getByLabel(c.detailValues, { exact: true }).fill("#1F6F68");
  expect(await axeViolations(page), "PrimaryColour").toEqual([]);
  await page.getByRole("button", { name: c.preview }).click();
  await expect(page.getByRole("status").filter({ hasText: c.previewSummary(2, 0, 0, 0) })).toBeVisible();
  await page.getByRole("button", { name: c.submit }).click();
  const done = page.getByRole("region", { name: c.resultTitle });
  await expect(done.getByRole("row", { name: new RegExp(`Cove ${tag} North`) })).toContainText(c.statuses.updated);
  await expect(done.getByRole("row", { name: new RegExp(`Cove ${tag} South`) })).toContainText(c.statuses.updated);
  await expect(done.getByRole("row")).toHaveCount(3);
  expect((await readProperty(page.request, north.propertyId)).hexPrimary).toBe("#1F6F68");
  expect((await readProperty(page.request, south.propertyId)).hexPrimary).toBe("#1F6F68");
  expect((await readProperty(page.request, west.propertyId)).hexPrimary).not.toBe("#1F6F68");

  if (process.env.BULK_SCREENSHOTS) {
    await page.getByLabel(c.detailKey).selectOption({ label: c.keys.LanguageTranslations });
    await page.getByRole("group", { name: c.languages }).getByRole("checkbox", { name: "French" }).check();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({
        path: `${process.env.BULK_SCREENSHOTS}/polish-bulk-updates-${width}.png`,
        fullPage: true,
      });
    }
  }
});

test("select all matching a search across pages, then clear", async ({ loggedInPage: page }) => {
  test.slow();
  const made: string[] = [];
  // More than one page of the list (PROPERTIES_PAGE_SIZE), all matching "Dune".
  for (let i = 1; i <= 26; i += 1) made.push((await createPropertyViaApi(page.request, `Dune ${i}`)).propertyId);
  await createPropertyViaApi(page.request, "Harbour Loft");
  await page.goto("/properties");
  await page.getByLabel(copy.properties.searchLabel).fill("dune");
  await expect(page.getByRole("checkbox", { name: c.selectProperty("Harbour Loft") })).toHaveCount(0);
  await page.getByRole("button", { name: c.selectAllMatching }).click();
  await expect(page.getByRole("status").filter({ hasText: c.selectedCount(26) })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: c.selectProperty("Dune 26") })).toBeChecked();
  await page.getByRole("button", { name: c.updateSelected }).click();
  await expect(page.getByRole("list", { name: c.selection }).getByRole("listitem")).toHaveCount(made.length);
  await expect(page.getByRole("status").filter({ hasText: c.selectedCount(made.length) })).toBeVisible();

  await page.goto("/properties");
  await page.getByRole("button", { name: c.selectAll(27) }).waitFor();
  await page.getByRole("checkbox", { name: c.selectProperty("Harbour Loft") }).check();
  await expect(page.getByRole("status").filter({ hasText: c.selectedCount(1) })).toBeVisible();
  await page.getByRole("button", { name: c.clearSelection }).click();
  await expect(page.getByRole("checkbox", { name: c.selectProperty("Harbour Loft") })).not.toBeChecked();
  if (process.env.BULK_SCREENSHOTS) {
    await page.getByRole("checkbox", { name: c.selectProperty("Harbour Loft") }).check();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${process.env.BULK_SCREENSHOTS}/properties-select-${width}.png` });
    }
  }
});
