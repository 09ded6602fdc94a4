import { copy } from "@doorstep/shared/copy";
import { expect, makePng, test } from "../../fixtures.ts";

const edit = (title: string) => ({ name: `${copy.common.edit} ${title}` });
const save = (title: string) => ({ name: `${copy.common.save} ${title}` });

test.describe("company profile (CO-01…07)", () => {
  test("create with a brand name, then edit website, colours and logo", async ({ loggedInPage: page }) => {
    // Create, three edits, an upload and a reload: about 15 s alone, past 30 s late in a full run on two cores.
    test.slow();
    await page.goto("/company-profile");
    await expect(page.getByText(copy.company.none)).toBeVisible();
    await page.getByRole("link", { name: copy.company.create }).click();
    await expect(page).toHaveURL(/\/create-company$/);
    await page.getByRole("button", { name: copy.company.createButton }).click();
    await expect(page.getByText(copy.common.required)).toBeVisible();
    await page.getByLabel(copy.company.brandName).fill("Coastal Stays");
    await page.getByRole("button", { name: copy.company.createButton }).click();
    await expect(page).toHaveURL(/\/company-profile$/);
    await expect(page.getByText("Coastal Stays", { exact: true }).first()).toBeVisible();

    // Website: http(s) or blank (CO-05).
    await page.getByRole("button", edit(copy.company.website)).click();
    const website = page.getByLabel(copy.company.website, { exact: true });
    await website.fill("coastal.example");
    await expect(page.getByText(copy.common.urlInvalid)).toBeVisible();
    await expect(page.getByRole("button", save(copy.company.website))).toBeDisabled();
    await website.fill("https://coastal.example");
    await page.getByRole("button", save(copy.company.website)).click();
    await expect(page.getByText("https://coastal.example")).toBeVisible();

    // Cancel restores the brand name.
    await page.getByRole("button", edit(copy.company.brandName)).click();
    await page.getByLabel(copy.company.brandName, { exact: true }).fill("Something else");
    await page.getByRole("button", { name: `${copy.common.cancel} ${copy.company.brandName}` }).click();
    await expect(page.getByText("Coastal Stays", { exact: true }).first()).toBeVisible();

    // Loading screen colours with the live preview.
    await page.getByRole("button", edit(copy.company.loadingScreenColours)).click();
    await page.getByLabel(copy.company.backgroundColour, { exact: true }).fill("#123456");
    await page.getByLabel(copy.company.fontColour, { exact: true }).fill("#FFEEDD");
    const preview = page.getByRole("figure", { name: copy.company.loadingPreview }).first();
    await expect(preview.locator(".loading-preview__screen")).toHaveCSS("background-color", "rgb(18, 52, 86)");
    await page.getByRole("button", save(copy.company.loadingScreenColours)).click();
    await expect(page.getByText(`${copy.company.backgroundColour}: #123456`)).toBeVisible();

    // Theme colours warn about very light colours.
    await page.getByRole("button", edit(copy.company.themeColours)).click();
    await page.getByLabel(copy.company.primaryColour, { exact: true }).fill("#FAFAFA");
    await expect(page.getByText(copy.basicSetup.tooLight)).toBeVisible();
    await page.getByLabel(copy.company.primaryColour, { exact: true }).fill("#1F6F68");
    await expect(page.getByText(copy.basicSetup.tooLight)).toHaveCount(0);
    await page.getByRole("button", save(copy.company.themeColours)).click();
    await expect(page.getByText(`${copy.company.primaryColour}: #1F6F68`)).toBeVisible();

    // Logo upload with preview and progress, then the stored logo.
    await page.getByRole("button", edit(copy.company.logo)).click();
    await page
      .getByLabel(copy.company.logo, { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: makePng(200, 200) });
    await expect(page.getByRole("img", { name: copy.company.logoPreviewAlt })).toBeVisible();
    await page.getByRole("button", save(copy.company.logo)).click();
    await expect(page.getByRole("status").filter({ hasText: copy.uploads.uploaded })).toBeVisible();
    const logo = page.getByRole("img", { name: copy.company.logoAlt });
    await expect(logo).toHaveAttribute("src", /w=150/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.reload();
    await expect(page.getByText("https://coastal.example")).toBeVisible();
    await expect(page.getByRole("img", { name: copy.company.logoAlt })).toBeVisible();
  });

  test("a file that is not an image is refused for the icon", async ({ loggedInPage: page }) => {
    const response = await page.request.post("/api/company", { data: { brandName: "Icons Ltd" } });
    expect(response.status()).toBe(201);
    await page.goto("/company-profile");
    await page.getByRole("button", edit(copy.company.homeScreenIcon)).click();
    await page
      .getByLabel(copy.company.homeScreenIcon, { exact: true })
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByRole("alert")).toHaveText(copy.errors.fileType);
  });
});
