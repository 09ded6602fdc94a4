import { copy } from "@doorstep/shared/copy";
import type { Page } from "@playwright/test";
import { expect, makePng, test } from "../../fixtures.ts";

const PNG = makePng(240, 180);

/** The phone field with its country chooser, at a phone's width and a desktop's (HOST_SCREENSHOTS). */
async function photographPhone(page: Page) {
  const dir = process.env.HOST_SCREENSHOTS;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${dir}/host-phone-field-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("personal information (AUTH-40…44, XCUT-19…21)", () => {
  test("Cancel restores the original value; Save stores the new one", async ({ loggedInPage: page, account }) => {
    await page.goto("/personal-information");
    await expect(page.getByRole("heading", { name: copy.profile.title })).toBeVisible();
    const edit = page.getByRole("button", { name: `${copy.common.edit} ${copy.profile.firstName}` });
    const cancel = page.getByRole("button", { name: `${copy.common.cancel} ${copy.profile.firstName}` });
    const save = page.getByRole("button", { name: `${copy.common.save} ${copy.profile.firstName}` });

    await edit.click();
    const input = page.getByLabel(copy.profile.firstName, { exact: true });
    await expect(input).toHaveValue(account.firstName);
    await input.fill("");
    await expect(save).toBeDisabled();
    await input.fill("Changed");
    await cancel.click();
    await expect(input).toHaveCount(0);
    await expect(page.getByText(account.firstName, { exact: true })).toBeVisible();
    await edit.click();
    await expect(input).toHaveValue(account.firstName);

    await input.fill("Marguerite");
    await save.click();
    await expect(edit).toBeVisible();
    await expect(page.getByText("Marguerite", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: copy.header.home }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} Marguerite`);
  });

  test("last name and phone start as Not entered and save on their own", async ({ loggedInPage: page }) => {
    await page.goto("/personal-information");
    await expect(page.getByText(copy.common.notEntered)).toHaveCount(2);
    await expect(page.getByText(copy.common.notUploaded)).toBeVisible();

    await page.getByRole("button", { name: `${copy.common.edit} ${copy.profile.tel}` }).click();
    const phone = page.getByRole("group", { name: copy.profile.tel });
    await phone.getByLabel(copy.phone.country).selectOption("GB");
    // Not a number: refused in words, and Save stays off.
    await phone.getByLabel(copy.phone.number).fill("abc");
    await expect(phone.getByText(copy.phone.noDigits)).toBeVisible();
    await expect(page.getByRole("button", { name: `${copy.common.save} ${copy.profile.tel}` })).toBeDisabled();
    // Typed as the host knows it in the chosen country; shown back in international format.
    await phone.getByLabel(copy.phone.number).fill("020 7946 0000");
    await photographPhone(page);
    await page.getByRole("button", { name: `${copy.common.save} ${copy.profile.tel}` }).click();
    await expect(page.getByText("+44 20 7946 0000")).toBeVisible();
    await expect(page.getByText(copy.common.notEntered)).toHaveCount(1);

    await page.reload();
    await expect(page.getByText("+44 20 7946 0000")).toBeVisible();
  });

  test("a photo upload shows a preview, then the new photo here and in the header", async ({ loggedInPage: page }) => {
    await page.goto("/personal-information");
    await page.getByRole("button", { name: `${copy.common.edit} ${copy.profile.photo}` }).click();
    const save = page.getByRole("button", { name: `${copy.common.save} ${copy.profile.photo}` });
    await expect(save).toBeDisabled();
    await page
      .getByLabel(copy.profile.photo, { exact: true })
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("img", { name: copy.profile.photoPreviewAlt })).toBeVisible();
    await save.click();
    const photo = page.getByRole("img", { name: copy.profile.photoAlt });
    await expect(photo).toBeVisible();
    await expect(photo).toHaveAttribute("src", /w=100/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(
      page.getByRole("banner").getByRole("link", { name: copy.header.profile }).locator("img"),
    ).toHaveAttribute("src", /w=100/);
  });

  test("a file that is not an image is refused (OPEN-56)", async ({ loggedInPage: page }) => {
    await page.goto("/personal-information");
    await page.getByRole("button", { name: `${copy.common.edit} ${copy.profile.photo}` }).click();
    await page
      .getByLabel(copy.profile.photo, { exact: true })
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByRole("alert")).toHaveText(copy.errors.fileType);
  });
});
