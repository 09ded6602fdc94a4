import { copy } from "@doorstep/shared/copy";
import fs from "node:fs/promises";
import jsQR from "jsqr";
import sharp from "sharp";
import { expect, test } from "../../fixtures.ts";
import { createPropertyViaApi } from "./property-api.ts";

const t = copy.properties;

test.describe("property overview (PROP-15…29, OPEN-38…41)", () => {
  test("a new property is a draft until Publish; unpublish asks first; hidden shows its copy and Publish makes it live again", async ({
    loggedInPage: page,
  }) => {
    const property = await createPropertyViaApi(page.request, "Harbour View");
    await page.goto(`/property/${property.propertyId}`);
    // Decision 020: a draft, its guide unavailable to guests, until the host publishes it.
    await expect(page.getByText(t.draft)).toBeVisible();
    await expect(page.getByText(copy.propertyStatus.inactive, { exact: true })).toBeVisible();
    expect((await page.request.get(`/g/${property.propertyId}`)).status()).toBe(404);
    await page.getByRole("button", { name: t.publish, exact: true }).click();
    await expect(page.getByText(t.statusLive)).toBeVisible();
    await expect(page.getByText(t.draft)).toHaveCount(0);
    expect((await page.request.get(`/g/${property.propertyId}`)).status()).toBe(200);
    await expect(page.getByRole("heading", { name: t.basicSetup })).toBeVisible();
    await expect(page.getByText(t.basicSetupIncomplete)).toBeVisible();
    await expect(page.getByRole("link", { name: t.openBasicSetup })).toHaveAttribute(
      "href",
      `/property/${property.propertyId}/property-details`,
    );
    await expect(page.getByRole("heading", { name: t.contentSections })).toBeVisible();
    // HOME-18: the header previews the guide in a new tab.
    const preview = page.getByRole("banner").getByRole("link", { name: copy.header.previewGuide });
    await expect(preview).toHaveAttribute("href", property.guideUrl);
    await expect(preview).toHaveAttribute("target", "_blank");

    await page.getByRole("button", { name: t.unpublish }).click();
    const dialog = page.getByRole("dialog", { name: t.unpublishTitle });
    await expect(dialog).toContainText(t.unpublishConfirm);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(t.statusLive)).toBeVisible();

    await page.getByRole("button", { name: t.unpublish }).click();
    await dialog.getByRole("button", { name: t.unpublish }).click();
    await expect(page.getByText(t.hidden)).toBeVisible();
    await expect(page.getByText(copy.propertyStatus.inactive, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: t.publish, exact: true }).click();
    await expect(page.getByText(t.statusLive)).toBeVisible();
    await expect(page.getByRole("button", { name: t.unpublish })).toBeVisible();
  });

  test("passcode: 6 digits only, the error shows for 3 seconds; set and remove (PROP-24)", async ({
    loggedInPage: page,
  }) => {
    const property = await createPropertyViaApi(page.request, "Pine Lodge");
    await page.goto(`/property/${property.propertyId}`);
    await expect(page.getByText(t.noPasscode)).toBeVisible();
    const input = page.getByLabel(t.newPasscode);
    await expect(input).toHaveAttribute("placeholder", t.passcodePlaceholder);

    await input.fill("12a45");
    await page.getByRole("button", { name: t.setPasscode }).click();
    const error = page.getByText(t.passcodeError);
    await expect(error).toBeVisible();
    const shownAt = Date.now();
    await expect(error).toBeHidden({ timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);

    await input.fill("123456");
    await page.getByRole("button", { name: t.setPasscode }).click();
    await expect(page.getByText("123456", { exact: true })).toBeVisible();
    await expect(page.getByText(t.noPasscode)).toHaveCount(0);
    await expect(input).toHaveValue("");
    const saved = await page.request.get(`/api/properties/${property.propertyId}`);
    expect((await saved.json()).property.passcode).toBe("123456");

    await page.getByRole("button", { name: t.removePasscode }).click();
    await expect(page.getByText(t.noPasscode)).toBeVisible();
    await expect(page.getByRole("button", { name: t.removePasscode })).toHaveCount(0);
  });

  test("copy link shows its confirmation for 3 seconds (PROP-16, XCUT-50)", async ({ loggedInPage: page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const property = await createPropertyViaApi(page.request, "Meadow Cottage");
    await page.goto(`/property/${property.propertyId}`);
    await expect(page.getByRole("link", { name: property.guideUrl })).toHaveAttribute("href", property.guideUrl);
    await page.getByRole("button", { name: t.copyLink }).click();
    const copied = page.getByText(t.linkCopied);
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(property.guideUrl);
    await expect(copied).toBeHidden({ timeout: 5000 });
  });

  test("the QR PNG download decodes to the stable /q/ address (PROP-23, OPEN-38)", async ({ loggedInPage: page }) => {
    const property = await createPropertyViaApi(page.request, "Quayside Flat");
    await page.goto(`/property/${property.propertyId}`);
    const preview = page.getByRole("img", { name: t.qrAlt(property.title) });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t.downloadQrPng }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${property.propertyId}-qr.png`);
    const file = await download.path();
    const png = await fs.readFile(file);
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code?.data).toBe(property.qrUrl);
    expect(new URL(code?.data ?? "").pathname).toBe(`/q/${property.propertyId}`);

    const [svg] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t.downloadQrSvg }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe(`${property.propertyId}-qr.svg`);
    const [poster] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `${t.downloadPoster}: ${t.posterFormats["svg-a4"]}` }).click(),
    ]);
    expect(await fs.readFile(await poster.path(), "utf8")).toContain(property.title);
    // The poster as a PDF on US Letter too.
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `${t.downloadPoster}: ${t.posterFormats["pdf-letter"]}` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`${property.propertyId}-poster-letter.pdf`);
    expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("delete asks first, then Property has been deleted and it is gone (PROP-26…28, XCUT-14)", async ({
    loggedInPage: page,
  }) => {
    const keep = await createPropertyViaApi(page.request, "Rose Barn");
    const property = await createPropertyViaApi(page.request, "Old Mill Loft");
    await page.goto("/properties");
    await page.getByRole("link", { name: /Old Mill Loft/ }).click();
    await expect(page.getByRole("main").getByRole("link", { name: t.backToProperties })).toHaveAttribute(
      "href",
      "/properties",
    );

    await page.getByRole("button", { name: t.deleteProperty }).click();
    const dialog = page.getByRole("dialog", { name: t.deleteTitle });
    await expect(dialog).toContainText(t.deleteConfirm);
    await expect(dialog.getByRole("button", { name: t.keepProperty })).toBeFocused();
    await dialog.getByRole("button", { name: t.keepProperty }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole("button", { name: t.deleteProperty }).click();
    await dialog.getByRole("button", { name: t.deleteProperty }).click();
    await expect(page).toHaveURL("/property-deleted");
    await expect(page.getByRole("heading", { name: copy.deleted.title("Property") })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: copy.common.backToDashboard }).click();
    await expect(page).toHaveURL("/");

    await page.goto("/properties");
    await expect(page.getByRole("link", { name: /Rose Barn/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Old Mill Loft/ })).toHaveCount(0);
    expect((await page.request.get(`/api/properties/${property.propertyId}`)).status()).toBe(404);
    expect((await page.request.get(`/api/properties/${keep.propertyId}`)).status()).toBe(200);
  });
});
