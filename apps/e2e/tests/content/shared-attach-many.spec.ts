import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { createPropertyViaApi, uniqueWeblink } from "../properties/property-api.ts";

const c = copy.content;
const b = copy.bulkUpdates;

test("a shared item onto two of three properties at once; suggested and shared Add buttons have distinct names", async ({
  loggedInPage: page,
}) => {
  const tag = uniqueWeblink("dock").slice(-6);
  const [east, west, north] = await Promise.all(
    ["East", "West", "North"].map((side) => createPropertyViaApi(page.request, `Dock ${tag} ${side}`)),
  );
  const sharedId = ((await (await page.request.post("/api/shared-content")).json()) as { propertyId: string })
    .propertyId;
  // The same title as the arrival category's suggested item, so both kinds of Add meet on one page.
  const created = await page.request.post(`/api/properties/${sharedId}/content/items`, {
    data: { categoryLabel: "arrival", title: "Check-in time" },
  });
  const item = ((await created.json()) as { item: { id: string } }).item;

  await page.goto(`/shared-content/${sharedId}/content/arrival`);
  const section = page.getByRole("region", { name: c.attachManyHeading });
  await expect(section.getByLabel(c.attachManyItem)).toHaveValue(item.id);
  await section.getByRole("button", { name: c.attachManyButton }).click();
  await expect(section.getByText(b.chooseProperties)).toBeVisible();
  const picker = section.getByRole("group", { name: b.properties });
  await picker.getByLabel(b.searchProperties).fill(`Dock ${tag}`);
  await expect(picker.getByRole("checkbox")).toHaveCount(3);
  await picker.getByRole("checkbox", { name: `Dock ${tag} East` }).check();
  await picker.getByRole("checkbox", { name: `Dock ${tag} West` }).check();
  await section.getByRole("button", { name: c.attachManyButton }).click();
  await expect(section.getByRole("status").filter({ hasText: c.attachManyDone("Check-in time", 2) })).toBeVisible();

  const saved = await page.request.get(`/api/properties/${sharedId}/content/items/${item.id}`);
  const attached = ((await saved.json()) as { item: { attachedPropertyIds: string[] } }).item.attachedPropertyIds;
  expect(attached.sort()).toEqual([east!.propertyId, west!.propertyId].sort());

  await page.goto(`/property/${east!.propertyId}/content/arrival`);
  await expect(page.getByRole("button", { name: c.addSuggestedName("Check-in time"), exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: c.removeSharedName("Check-in time"), exact: true })).toBeVisible();
  await page.goto(`/property/${north!.propertyId}/content/arrival`);
  await expect(page.getByRole("button", { name: c.addSharedName("Check-in time"), exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: c.addSuggestedName("Check-in time"), exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Check-in time", exact: true })).toHaveCount(0);
});
