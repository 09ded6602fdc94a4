import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { createManager, createProperty, patchProperty, readProperty } from "./property-api.ts";

const edit = (title: string) => ({ name: `${copy.common.edit} ${title}` });
const cancel = (title: string) => ({ name: `${copy.common.cancel} ${title}` });
const save = (title: string) => ({ name: `${copy.common.save} ${title}` });
const b = copy.basicSetup;

test.describe("Basic Setup: languages, colours, manager, what3words (SETUP-14…19, MGR-11)", () => {
  test("tick French, then make French the default (SETUP-16, SETUP-17, OPEN-45)", async ({ loggedInPage: page }) => {
    const property = await createProperty(page.request);
    await page.goto(`/property/${property.propertyId}/property-details`);
    await page.getByRole("button", edit(b.defaultLanguage)).click();
    await expect(page.getByLabel(b.defaultLanguage, { exact: true }).locator("option")).toHaveText(["English"]);
    await page.getByRole("button", cancel(b.defaultLanguage)).click();

    await page.getByRole("button", edit(b.languageTranslations)).click();
    await page.getByLabel(b.searchLanguages).fill("engl");
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await page.getByLabel(b.searchLanguages).fill("fren");
    await page.getByRole("checkbox", { name: "French" }).check();
    await expect(page.getByText(b.translationsChosen(1))).toBeVisible();
    await page.getByRole("button", save(b.languageTranslations)).click();
    await expect(page.getByText("French", { exact: true })).toBeVisible();
    await page.getByRole("button", edit(b.languageTranslations)).click();
    await page.getByLabel(b.searchLanguages).fill("germ");
    await page.getByRole("checkbox", { name: "German" }).check();
    await page.getByRole("button", cancel(b.languageTranslations)).click();
    await expect(page.getByText("French", { exact: true })).toBeVisible();

    await page.getByRole("button", edit(b.defaultLanguage)).click();
    await page.getByLabel(b.defaultLanguage, { exact: true }).selectOption({ label: "French" });
    await page.getByRole("button", save(b.defaultLanguage)).click();
    await expect(page.getByRole("button", edit(b.defaultLanguage))).toBeVisible();
    const saved = await readProperty(page.request, property.propertyId);
    expect(saved.languageTranslations).toEqual(["fr"]);
    expect(saved.defaultLanguage).toBe("fr");
  });

  test("theme colours: guidance, light-colour warning, live preview, Cancel restores (SETUP-19)", async ({
    loggedInPage: page,
  }) => {
    const property = await createProperty(page.request);
    await page.goto(`/property/${property.propertyId}/property-details`);
    await page.getByRole("button", edit(b.themeColours)).click();
    await expect(page.getByText(b.colourGuidance)).toBeVisible();
    const primary = page.getByLabel(b.primaryColour, { exact: true });
    await primary.fill("#FFFFFF");
    await expect(page.getByText(b.tooLight)).toBeVisible();
    await primary.fill("#12");
    await expect(page.getByText(copy.common.hexInvalid)).toBeVisible();
    await expect(page.getByRole("button", save(b.themeColours))).toBeDisabled();
    await primary.fill("#7A1F5C");
    await expect(page.getByText(b.tooLight)).toHaveCount(0);
    const preview = page.getByRole("figure", { name: b.headerPreview }).last();
    await expect(preview.locator(".header-preview__bar")).toHaveCSS("background-color", "rgb(122, 31, 92)");
    await page.getByRole("button", cancel(b.themeColours)).click();
    await expect(page.getByText(`${b.primaryColour}: ${copy.common.notEntered}`)).toBeVisible();

    await page.getByRole("button", edit(b.themeColours)).click();
    await expect(primary).toHaveValue("");
    await primary.fill("#7A1F5C");
    await page.getByLabel(b.secondaryColour, { exact: true }).fill("#C2692D");
    await page.getByRole("button", save(b.themeColours)).click();
    await expect(page.getByText(`${b.primaryColour}: #7A1F5C`)).toBeVisible();
    const saved = await readProperty(page.request, property.propertyId);
    expect([saved.hexPrimary, saved.hexSecondary]).toEqual(["#7A1F5C", "#C2692D"]);
  });

  test("company branding tick box appears once the account has a company (CO-07)", async ({ loggedInPage: page }) => {
    const property = await createProperty(page.request);
    await page.goto(`/property/${property.propertyId}/property-details`);
    await expect(page.getByRole("button", edit(b.themeColours))).toBeVisible();
    await expect(page.getByRole("checkbox", { name: b.useCompanyBranding })).toHaveCount(0);
    expect((await page.request.post("/api/company", { data: { brandName: "Coastal" } })).status()).toBe(201);
    await page.reload();
    await page.getByRole("checkbox", { name: b.useCompanyBranding }).check();
    await expect.poll(async () => (await readProperty(page.request, property.propertyId)).companyProfile).toBe(true);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: b.useCompanyBranding })).toBeChecked();
  });

  test("host manager: choose another, edit it in the popup (SETUP-18, MGR-11)", async ({
    loggedInPage: page,
    account,
  }) => {
    const property = await createProperty(page.request);
    const other = await createManager(page.request, "Grace", "Hopper");
    await page.goto(`/property/${property.propertyId}/property-details`);
    await expect(page.getByRole("link", { name: new RegExp(account.firstName) })).toBeVisible();

    await page.getByRole("button", edit(b.hostManager)).click();
    const select = page.getByLabel(b.hostManager, { exact: true });
    await select.selectOption({ label: "Grace Hopper" });
    await page.getByRole("button", cancel(b.hostManager)).click();
    await page.getByRole("button", edit(b.hostManager)).click();
    await expect(select.locator("option:checked")).toContainText(account.firstName);
    await select.selectOption({ label: "Grace Hopper" });
    await page.getByRole("button", save(b.hostManager)).click();
    await expect(page.getByRole("link", { name: "Grace Hopper" })).toBeVisible();
    expect((await readProperty(page.request, property.propertyId)).manager?.vanityId).toBe(other.vanityId);

    await page.getByRole("button", { name: b.editManager }).click();
    const dialog = page.getByRole("dialog", { name: b.editManager });
    await expect(dialog.getByLabel(copy.managers.firstName)).toHaveValue("Grace");
    await expect(dialog.getByLabel(copy.managers.photo)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: b.editManager })).toBeFocused();

    await page.getByRole("button", { name: b.editManager }).click();
    const tel = dialog.getByRole("group", { name: copy.managers.tel });
    await tel.getByLabel(copy.phone.country).selectOption("GB");
    await tel.getByLabel(copy.phone.number).fill("020 7946 0000");
    await dialog.getByLabel(copy.managers.email).fill("grace@example.com");
    await dialog.getByRole("button", { name: copy.common.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("+44 20 7946 0000")).toBeVisible();
    await expect(page.getByText("grace@example.com")).toBeVisible();
  });

  test("what3words without a key: explained, no input; the tick box saves showWhat3words (SETUP-14, SETUP-21)", async ({
    loggedInPage: page,
  }) => {
    const property = await createProperty(page.request);
    await patchProperty(page.request, property.propertyId, { what3words: "filled.count.soap" });
    await page.goto(`/property/${property.propertyId}/property-details`);
    await expect(page.getByText("///filled.count.soap")).toBeVisible();
    await expect(page.getByText(b.what3wordsNotConfigured)).toBeVisible();
    await expect(page.getByRole("button", edit(b.what3words))).toHaveCount(0);
    await page.getByRole("checkbox", { name: b.showWhat3words }).check();
    await expect.poll(async () => (await readProperty(page.request, property.propertyId)).showWhat3words).toBe(true);
  });
});
