import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { readProperty } from "../basic-setup/property-api.ts";
import { createPropertyViaApi } from "../properties/property-api.ts";

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
  const ids = page.getByLabel(c.propertyIds);
  await expect(ids).toHaveValue(`${loft.propertyId}, ${hut.propertyId}`);
  // BULK-02: split on commas and trimmed; an id that is not the caller's is reported, not an error.
  await ids.fill(`${loft.propertyId} , ${hut.propertyId},, not-mine`);
  await page.getByLabel(c.detailKey).selectOption({ label: c.keys.LanguageTranslations });
  await page.getByLabel(c.detailValues).fill("fr, de, ");
  await expect(page.getByRole("button", { name: c.submit })).toHaveCount(0);
  await page.getByRole("button", { name: c.preview }).click();

  const results = page.getByRole("region", { name: c.previewTitle });
  await expect(page.getByRole("status").filter({ hasText: c.previewSummary(2, 0, 1, 0) })).toBeVisible();
  await expect(results.getByRole("row", { name: /Harbour Loft/ })).toContainText(c.statuses["will-update"]);
  await expect(results.getByRole("row", { name: /Harbour Loft/ })).toContainText("fr, de");
  await expect(results.getByRole("row", { name: /not-mine/ })).toContainText(c.statuses["not-found"]);
  // Checking changed nothing.
  expect((await readProperty(page.request, loft.propertyId)).languageTranslations).toEqual([]);

  await page.getByRole("button", { name: c.submit }).click();
  const done = page.getByRole("region", { name: c.resultTitle });
  await expect(page.getByRole("status").filter({ hasText: c.summary(2, 0, 1, 0) })).toBeVisible();
  await expect(done.getByRole("row", { name: /Beach Hut/ })).toContainText(c.statuses.updated);

  for (const property of [loft, hut])
    expect((await readProperty(page.request, property.propertyId)).languageTranslations).toEqual(["fr", "de"]);
  await page.goto(`/property/${hut.propertyId}/property-details`);
  await expect(page.getByText("French, German").or(page.getByText("French")).first()).toBeVisible();

  // A value no property can take: the message is under the field and nothing is sent to any property.
  await page.goto("/bulk-updates");
  await page.getByLabel(c.propertyIds).fill(loft.propertyId);
  await page.getByLabel(c.detailKey).selectOption({ label: c.keys.DefaultLanguage });
  await page.getByLabel(c.detailValues).fill("fr, de");
  await page.getByRole("button", { name: c.preview }).click();
  await expect(page.getByText(c.oneValue)).toBeVisible();
  await expect(page.getByLabel(c.detailValues)).toHaveAttribute("aria-invalid", "true");

  if (process.env.BULK_SCREENSHOTS) {
    await page.getByLabel(c.detailKey).selectOption({ label: c.keys.LanguageTranslations });
    await page.getByLabel(c.propertyIds).fill(`${loft.propertyId}, ${hut.propertyId}, not-mine`);
    await page.getByLabel(c.detailValues).fill("fr, it");
    await page.getByRole("button", { name: c.preview }).click();
    await expect(page.getByRole("region", { name: c.previewTitle })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${process.env.BULK_SCREENSHOTS}/bulk-updates-${width}.png`, fullPage: true });
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
  const typed = await page.getByLabel(c.propertyIds).inputValue();
  expect(typed.split(", ").sort()).toEqual([...made].sort());

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
