import { copy } from "@doorstep/shared/copy";
import { CategoryPageResponse } from "@doorstep/shared/schemas/content";
import type { APIRequestContext } from "@playwright/test";
import { expect, keyboardDrag, test } from "../../fixtures.ts";
import { createPropertyViaApi } from "../properties/property-api.ts";
import { createItemViaApi } from "./content-api.ts";

const c = copy.content;

async function customOrder(request: APIRequestContext, propertyId: string): Promise<string[]> {
  const response = await request.get(`/api/properties/${propertyId}/content/categories/house-rules`);
  return CategoryPageResponse.parse(await response.json()).customItems.map((i) => i.title);
}

test.describe("reordering content (CONT-32…34)", () => {
  test("Move up / Move down with Saving changes..., then keyboard drag and drop", async ({ loggedInPage: page }) => {
    const property = await createPropertyViaApi(page.request, "Lake View");
    const ids: Record<string, string> = {};
    for (const title of ["Alpha", "Bravo", "Charlie"])
      ids[title] = (await createItemViaApi(page.request, property.propertyId, "house-rules", title)).id;
    await page.goto(`/property/${property.propertyId}/content/house-rules`);
    const list = page.getByRole("list", { name: c.customHeading });
    await expect(list.getByRole("listitem")).toHaveCount(3);

    // The first cannot move up, the last cannot move down.
    await expect(list.getByRole("button", { name: `${c.moveUp} Alpha` })).toBeDisabled();
    await expect(list.getByRole("button", { name: `${c.moveDown} Charlie` })).toBeDisabled();
    await expect(list.getByRole("button", { name: `${c.moveDown} Alpha` })).toBeEnabled();

    // Hold the order call so the saving state can be seen (CONT-33).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/content/order", async (route) => {
      await held;
      await route.continue();
    });
    await list.getByRole("button", { name: `${c.moveDown} Alpha` }).click();
    await expect(page.getByRole("status").filter({ hasText: c.savingOrder })).toBeVisible();
    await expect(list.getByRole("listitem")).toContainText(["Bravo", "Alpha", "Charlie"]);
    release();
    await expect(page.getByText(c.savingOrder)).toBeHidden();
    await page.unroute("**/content/order");
    expect(await customOrder(page.request, property.propertyId)).toEqual(["Bravo", "Alpha", "Charlie"]);

    // dnd-kit with the keyboard: Charlie over Alpha, the item above.
    const order = [ids.Bravo!, ids.Alpha!, ids.Charlie!];
    await keyboardDrag(
      page,
      list.getByRole("button", { name: c.dragHandle("Charlie") }),
      order,
      ids.Charlie!,
      ids.Alpha!,
    );
    await expect(list.getByRole("listitem")).toContainText(["Bravo", "Charlie", "Alpha"]);
    await expect(page.getByText(c.savingOrder)).toBeHidden();
    await expect.poll(() => customOrder(page.request, property.propertyId)).toEqual(["Bravo", "Charlie", "Alpha"]);

    // The order survives a reload.
    await page.reload();
    await expect(list.getByRole("listitem")).toContainText(["Bravo", "Charlie", "Alpha"]);
    await expect(list.getByRole("button", { name: `${c.moveUp} Bravo` })).toBeDisabled();
  });
});
