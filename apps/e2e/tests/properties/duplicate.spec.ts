import { copy } from "@doorstep/shared/copy";
import { ContentItemResponse } from "@doorstep/shared/schemas/content";
import { expect, makePng, test } from "../../fixtures.ts";
import { createPropertyViaApi, uniqueWeblink } from "./property-api.ts";

const c = copy.duplicateProperty;

test("duplicate a property with an item and a photo: the copy's guide shows them, with its own file", async ({
  loggedInPage: page,
}) => {
  const source = await createPropertyViaApi(page.request, "Quay House");
  const created = await page.request.post(`/api/properties/${source.propertyId}/content/items`, {
    data: { categoryLabel: "the-home", title: "Coffee machine", detailText: "<p>Pods are in the drawer.</p>" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = ContentItemResponse.parse(await created.json()).item;
  const uploaded = await page.request.put(`/api/properties/${source.propertyId}/content/items/${item.id}/media/image`, {
    multipart: { file: { name: "coffee.png", mimeType: "image/png", buffer: makePng(60, 40) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const originalPhoto = ContentItemResponse.parse(await uploaded.json()).item.imageUrl;

  await page.goto(`/property/${source.propertyId}`);
  await page.getByRole("button", { name: c.title }).click();
  const dialog = page.getByRole("dialog", { name: c.title });
  await dialog.getByLabel(copy.properties.guideName).fill("Quay House Two");
  await dialog.getByRole("button", { name: copy.properties.continue }).click();
  const weblink = uniqueWeblink("dup");
  await dialog.getByLabel(copy.properties.weblink).fill(weblink);
  await dialog.getByRole("button", { name: copy.properties.continue }).click();
  await expect(dialog.getByText(c.ready("Quay House Two"))).toBeVisible();
  await dialog.getByRole("link", { name: c.open("Quay House Two") }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Quay House Two" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/property/${weblink}$`));
  // A copy is a draft like any new property (decision 020): published from its overview.
  await expect(page.getByText(copy.properties.draft)).toBeVisible();
  await page.getByRole("button", { name: copy.properties.publish, exact: true }).click();
  await expect(page.getByText(copy.properties.statusLive)).toBeVisible();

  // The copy's guide, as a guest reads it: the item and its photo, a file of the copy's own (its section's address).
  await page.goto(`/g/${weblink}#c-the-home`);
  await expect(page.getByRole("heading", { level: 1, name: "Quay House Two" })).toBeVisible();
  const article = page.getByRole("article").filter({ hasText: "Coffee machine" });
  await expect(article.getByText("Pods are in the drawer.")).toBeVisible();
  const photo = article.locator("img").first();
  await expect(photo).toBeVisible();
  const src = (await photo.getAttribute("src")) ?? "";
  expect(src).not.toBe("");
  expect(originalPhoto && src.startsWith(originalPhoto.split("?")[0]!)).toBeFalsy();
  expect((await page.request.get(src)).status()).toBe(200);
  if (process.env.BULK_SCREENSHOTS) {
    await page.goto(`/property/${source.propertyId}`);
    await page.getByRole("button", { name: c.title }).click();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${process.env.BULK_SCREENSHOTS}/duplicate-${width}.png` });
    }
  }
});
