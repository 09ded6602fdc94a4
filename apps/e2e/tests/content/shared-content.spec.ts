import { copy } from "@doorstep/shared/copy";
import { CategoryPageResponse } from "@doorstep/shared/schemas/content";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createPropertyViaApi } from "../properties/property-api.ts";

const c = copy.content;

async function sharedState(request: APIRequestContext, propertyId: string) {
  const response = await request.get(`/api/properties/${propertyId}/content/categories/house-rules`);
  return CategoryPageResponse.parse(await response.json()).sharedItems.map(({ item, attached }) => ({
    title: item.title,
    attached,
  }));
}

test.describe("shared content (SHARED-01…13)", () => {
  test("create shared content, attach it to two properties, detach from one, delete it", async ({
    loggedInPage: page,
  }) => {
    // Two properties, four page loads and six round trips: 14 s alone, past 30 s late in a full run on two cores.
    test.slow();
    const first = await createPropertyViaApi(page.request, "North Flat");
    const second = await createPropertyViaApi(page.request, "South Flat");

    // OPEN-59: a property page leads to Shared Property Content, created on first use.
    await page.goto(`/property/${first.propertyId}/content/house-rules`);
    await page.getByRole("link", { name: c.sharedContentTitle }).click();
    await page.getByRole("button", { name: c.createShared }).click();
    await expect(page).toHaveURL(/\/shared-content\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: c.sharedContentTitle })).toBeVisible();
    const sharedBase = new URL(page.url()).pathname;
    // SHARED-04: a way to the shared local-area profiles; SHARED-14: no "Preview guide" on shared pages.
    await expect(page.getByRole("link", { name: copy.home.tiles.localAreaProfiles })).toHaveAttribute(
      "href",
      "/local-area-profiles",
    );
    await expect(page.getByRole("link", { name: copy.header.previewGuide })).toHaveCount(0);

    await page.getByRole("link", { name: /House rules/ }).click();
    await expect(page).toHaveURL(`${sharedBase}/content/house-rules`);
    await page.getByRole("button", { name: c.addCustomContent }).click();
    const dialog = page.getByRole("dialog", { name: c.editorNewTitle });
    await dialog.getByLabel(c.titleLabel).fill("Building quiet hours");
    await dialog.getByRole("textbox", { name: c.textLabel, exact: true }).fill("No noise from 10 pm to 8 am.");
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Edit Building quiet hours" })).toBeVisible();

    // SHARED-06/07: Add on both properties, "updating..." while the call runs.
    for (const property of [first, second]) {
      await page.goto(`/property/${property.propertyId}/content/house-rules`);
      const shared = page.getByRole("region", { name: c.sharedHeading });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/content/shared/**", async (route) => {
        await held;
        await route.continue();
      });
      await shared.getByRole("button", { name: c.addSharedName("Building quiet hours") }).click();
      await expect(shared.getByRole("button", { name: `${c.updating} Building quiet hours` })).toBeVisible();
      release();
      await expect(shared.getByRole("button", { name: c.removeSharedName("Building quiet hours") })).toBeVisible();
      await page.unroute("**/content/shared/**");
    }
    expect(await sharedState(page.request, first.propertyId)).toEqual([
      { title: "Building quiet hours", attached: true },
    ]);
    expect(await sharedState(page.request, second.propertyId)).toEqual([
      { title: "Building quiet hours", attached: true },
    ]);

    // Detach from the first.
    await page.goto(`/property/${first.propertyId}/content/house-rules`);
    await page.getByRole("button", { name: c.removeSharedName("Building quiet hours") }).click();
    await expect(page.getByRole("button", { name: c.addSharedName("Building quiet hours") })).toBeVisible();
    expect(await sharedState(page.request, first.propertyId)).toEqual([
      { title: "Building quiet hours", attached: false },
    ]);
    expect(await sharedState(page.request, second.propertyId)).toEqual([
      { title: "Building quiet hours", attached: true },
    ]);

    // SHARED-13: delete asks Keep or Delete, and removes it everywhere.
    await page.goto(`${sharedBase}/content/house-rules`);
    await page.getByRole("button", { name: "Edit Building quiet hours" }).click();
    const editor = page.getByRole("dialog", { name: c.editorEditTitle("Building quiet hours") });
    await editor.getByRole("button", { name: c.deleteItem }).click();
    const confirm = page.getByRole("dialog", { name: c.deleteItem });
    await expect(confirm).toContainText(c.deleteSharedConfirm);
    await confirm.getByRole("button", { name: c.keep }).click();
    await expect(confirm).toBeHidden();
    await expect(editor).toBeVisible();
    await editor.getByRole("button", { name: c.deleteItem }).click();
    await confirm.getByRole("button", { name: c.delete, exact: true }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByRole("button", { name: "Edit Building quiet hours" })).toHaveCount(0);
    expect(await sharedState(page.request, second.propertyId)).toEqual([]);
  });

  test("a shared item gets a tab per language of the account's guides and saves its translations (CONT-18, SHARED-07)", async ({
    loggedInPage: page,
  }) => {
    const french = await createPropertyViaApi(page.request, "Rue Flat");
    const german = await createPropertyViaApi(page.request, "Strasse Flat");
    for (const [property, languages] of [
      [french, ["fr"]],
      [german, ["de", "fr"]],
    ] as const) {
      const patch = await page.request.patch(`/api/properties/${property.propertyId}`, {
        data: { languageTranslations: languages },
      });
      expect(patch.status(), await patch.text()).toBe(204);
    }
    const sharedId = ((await (await page.request.post("/api/shared-content")).json()) as { propertyId: string })
      .propertyId;
    const created = await page.request.post(`/api/properties/${sharedId}/content/items`, {
      data: { categoryLabel: "house-rules", title: "Bins" },
    });
    const item = ((await created.json()) as { item: { id: string } }).item;
    expect((await page.request.put(`/api/properties/${french.propertyId}/content/shared/${item.id}`)).status()).toBe(
      200,
    );

    await page.goto(`/shared-content/${sharedId}/content/house-rules`);
    await page.getByRole("button", { name: "Edit Bins" }).click();
    const dialog = page.getByRole("dialog", { name: c.editorEditTitle("Bins") });
    await expect(dialog.getByRole("tab")).toHaveText([c.english, "German", "French"]);
    await dialog.getByRole("tab", { name: "French" }).click();
    await dialog.getByLabel(c.titleLabel).fill("Poubelles");
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog).toBeHidden();

    const saved = await page.request.get(`/api/properties/${sharedId}/content/items/${item.id}`);
    expect(
      ((await saved.json()) as { item: { translations: { language: string; title: string }[] } }).item.translations,
    ).toEqual([expect.objectContaining({ language: "fr", title: "Poubelles" })]);
  });
});
