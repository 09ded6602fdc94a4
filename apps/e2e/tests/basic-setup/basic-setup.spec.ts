import { copy } from "@doorstep/shared/copy";
import { expect, makePng, test } from "../../fixtures.ts";
import { createProperty, readProperty } from "./property-api.ts";

const edit = (title: string) => ({ name: `${copy.common.edit} ${title}` });
const cancel = (title: string) => ({ name: `${copy.common.cancel} ${title}` });
const save = (title: string) => ({ name: `${copy.common.save} ${title}` });
const b = copy.basicSetup;

test.describe("Basic Setup (SETUP-01…21)", () => {
  test("items in order; the title is required and Cancel restores it", async ({ loggedInPage: page }) => {
    const property = await createProperty(page.request, "Seaside Escape");
    await page.goto(`/property/${property.propertyId}/property-details`);
    await expect(page.getByRole("heading", { name: b.title })).toBeVisible();
    await expect(page.getByRole("link", { name: b.backToProperty })).toHaveAttribute(
      "href",
      `/property/${property.propertyId}`,
    );
    // No address yet: no display address; no what3words value and no key: no what3words item (SETUP-01).
    await expect(page.locator(".item__title")).toHaveText([
      b.propertyTitle,
      b.coverImage,
      b.pinLocation,
      b.defaultLanguage,
      b.languageTranslations,
      copy.stays.propertyDefaults.timeZone,
      copy.stays.propertyDefaults.defaultCheckInTime,
      copy.stays.propertyDefaults.defaultCheckOutTime,
      b.hostManager,
      b.themeColours,
    ]);

    await page.getByRole("button", edit(b.propertyTitle)).click();
    const input = page.getByLabel(b.propertyTitle, { exact: true });
    await expect(input).toHaveValue("Seaside Escape");
    await input.fill("");
    await expect(page.getByRole("button", save(b.propertyTitle))).toBeDisabled();
    await input.fill("Changed");
    await page.getByRole("button", cancel(b.propertyTitle)).click();
    await expect(page.getByText("Seaside Escape", { exact: true }).first()).toBeVisible();
    await page.getByRole("button", edit(b.propertyTitle)).click();
    await expect(input).toHaveValue("Seaside Escape");
    await input.fill("Harbour House");
    await page.getByRole("button", save(b.propertyTitle)).click();
    await expect(page.getByRole("button", edit(b.propertyTitle))).toBeVisible();
    expect((await readProperty(page.request, property.propertyId)).title).toBe("Harbour House");
  });

  test("cover image: preview, upload, Cancel drops a choice, remove (SETUP-06)", async ({ loggedInPage: page }) => {
    const property = await createProperty(page.request);
    await page.goto(`/property/${property.propertyId}/property-details`);
    await page.getByRole("button", edit(b.coverImage)).click();
    await expect(page.getByText(b.coverHint)).toBeVisible();
    const file = page.getByLabel(b.coverImage, { exact: true });
    await file.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: makePng(320, 180) });
    await expect(page.getByRole("img", { name: b.coverPreviewAlt })).toBeVisible();
    if (process.env.POLISH_SCREENSHOTS)
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole("img", { name: b.coverPreviewAlt }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.POLISH_SCREENSHOTS}/polish-upload-${width}.png` });
      }
    await page.getByRole("button", cancel(b.coverImage)).click();
    await expect(page.getByRole("img", { name: b.coverPreviewAlt })).toHaveCount(0);
    expect((await readProperty(page.request, property.propertyId)).coverImageUrl).toBeNull();

    await page.getByRole("button", edit(b.coverImage)).click();
    await file.setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: makePng(320, 180) });
    await page.getByRole("button", save(b.coverImage)).click();
    await expect(page.getByRole("status").filter({ hasText: copy.uploads.uploaded })).toBeVisible();
    const cover = page.getByRole("img", { name: b.coverAlt });
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole("button", edit(b.coverImage)).click();
    await page.getByRole("button", { name: `${copy.uploads.remove} ${b.coverImage}` }).click();
    await expect(page.getByRole("img", { name: b.coverAlt })).toHaveCount(0);
    // The picture is hidden while the removal is under way, before the server has answered.
    await expect.poll(async () => (await readProperty(page.request, property.propertyId)).coverImageUrl).toBeNull();
  });

  test("address by autocomplete; then the display address appears and Cancel restores it (SETUP-07, SETUP-13)", async ({
    loggedInPage: page,
  }) => {
    const property = await createProperty(page.request);
    await page.goto(`/property/${property.propertyId}/property-details`);
    await page.getByRole("button", edit(b.pinLocation)).click();
    const saveLocation = page.getByRole("button", save(b.pinLocation));
    await expect(saveLocation).toBeDisabled();
    await page.getByRole("combobox", { name: b.searchAddress }).fill("Brighton");
    await page.getByRole("option", { name: "Brighton, England, United Kingdom", exact: true }).click();
    await expect(page.getByText(b.chosenAddress("Brighton, United Kingdom"))).toBeVisible();
    await expect(saveLocation).toBeEnabled();
    // Typing again forgets the choice (Save only once an address is chosen).
    await page.getByRole("combobox", { name: b.searchAddress }).press("End");
    await page.getByRole("combobox", { name: b.searchAddress }).press("Backspace");
    await expect(saveLocation).toBeDisabled();
    await page.getByRole("combobox", { name: b.searchAddress }).fill("Brighton");
    await page.getByRole("option", { name: "Brighton, England, United Kingdom", exact: true }).click();
    await saveLocation.click();
    await expect(page.getByRole("button", edit(b.pinLocation))).toBeVisible();
    await expect(page.getByRole("group", { name: b.previewMapLabel })).toBeVisible();

    const saved = await readProperty(page.request, property.propertyId);
    expect(saved.address?.formatted).toBe("Brighton, United Kingdom");
    expect(saved.address?.lat).toBeCloseTo(50.83, 1);
    expect(saved.displayAddress).toBe("Brighton, United Kingdom");

    await expect(page.locator(".item__title").nth(3)).toHaveText(b.displayAddress);
    await page.getByRole("button", edit(b.displayAddress)).click();
    const display = page.getByLabel(b.displayAddress, { exact: true });
    await expect(display).toHaveValue("Brighton, United Kingdom");
    await display.fill("12 Marine Parade, Brighton");
    await page.getByRole("button", cancel(b.displayAddress)).click();
    await page.getByRole("button", edit(b.displayAddress)).click();
    await expect(display).toHaveValue("Brighton, United Kingdom");
    await display.fill("12 Marine Parade, Brighton");
    await page.getByRole("button", save(b.displayAddress)).click();
    await expect(page.getByText("12 Marine Parade, Brighton")).toBeVisible();
  });

  test("address by dragging the pin on the map; the address is the nearest place (SETUP-09…11)", async ({
    loggedInPage: page,
  }) => {
    const property = await createProperty(page.request);
    await page.goto(`/property/${property.propertyId}/property-details`);
    await page.getByRole("button", edit(b.pinLocation)).click();
    await page.getByRole("button", { name: b.manualLocation }).click();
    const map = page.getByRole("group", { name: b.mapLabel });
    await expect(map).toBeVisible();
    const box = await map.boundingBox();
    expect(box?.width).toBe(300);
    expect(box?.height).toBe(300);
    await expect(page.getByText(b.dragHint)).toBeVisible();
    const saveLocation = page.getByRole("button", save(b.pinLocation));
    await expect(saveLocation).toBeDisabled();

    const marker = map.getByRole("button", { name: b.markerLabel });
    const at = await marker.boundingBox();
    if (!at) throw new Error("marker not laid out");
    const x = at.x + at.width / 2;
    const y = at.y + at.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 20, y + 10, { steps: 5 });
    await page.mouse.move(x + 40, y + 25, { steps: 5 });
    await expect(page.getByText(b.dragging)).toBeVisible();
    await page.mouse.up();
    await expect(page.getByText(b.dragHint)).toBeVisible();
    await expect(saveLocation).toBeEnabled();
    await saveLocation.click();
    await expect(page.getByRole("button", edit(b.pinLocation))).toBeVisible();

    const saved = await readProperty(page.request, property.propertyId);
    const address = saved.address;
    if (!address) throw new Error("no address saved");
    // Moved from the default centre (52.689, -1.640) to the south-east.
    expect(address.lat).toBeLessThan(52.689);
    expect(address.lng).toBeGreaterThan(-1.64);
    const nearest = (await (
      await page.request.get(`/api/places/nearest?lat=${address.lat}&lng=${address.lng}`)
    ).json()) as {
      nearestPlace: string | null;
      country: string | null;
    };
    expect(address.formatted).toBe([nearest.nearestPlace, nearest.country].filter(Boolean).join(", "));
    expect(address).toMatchObject({
      lineOne: nearest.nearestPlace,
      lineTwo: null,
      townCity: null,
      county: null,
      state: null,
      postcode: null,
    });
    await expect(page.getByText(address.formatted).first()).toBeVisible();

    // Cancel after moving the pin keeps the saved location (XCUT-20).
    await page.getByRole("button", edit(b.pinLocation)).click();
    await page.getByRole("button", { name: b.manualLocation }).click();
    await expect(saveLocation).toBeEnabled();
    await map.getByRole("button", { name: b.markerLabel }).press("ArrowLeft");
    await page.getByRole("button", cancel(b.pinLocation)).click();
    expect((await readProperty(page.request, property.propertyId)).address).toEqual(address);
  });

  test("the pin also moves with the arrow keys", async ({ loggedInPage: page }) => {
    const property = await createProperty(page.request);
    await page.goto(`/property/${property.propertyId}/property-details`);
    await page.getByRole("button", edit(b.pinLocation)).click();
    await page.getByRole("button", { name: b.manualLocation }).click();
    const saveLocation = page.getByRole("button", save(b.pinLocation));
    await expect(saveLocation).toBeDisabled();
    const marker = page.getByRole("group", { name: b.mapLabel }).getByRole("button", { name: b.markerLabel });
    await marker.focus();
    await marker.press("ArrowDown");
    await marker.press("ArrowRight");
    await expect(saveLocation).toBeEnabled();
    await saveLocation.click();
    await expect(page.getByRole("button", edit(b.pinLocation))).toBeVisible();
    const saved = await readProperty(page.request, property.propertyId);
    expect(saved.address?.lat).toBeLessThan(52.689);
    expect(saved.address?.lng).toBeGreaterThan(-1.64);
  });
});
