import { copy } from "@doorstep/shared/copy";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { createProperty, patchProperty } from "./property-api.ts";

const b = copy.basicSetup;

test("Basic Setup, the manual map, the manager popup and the managers and company pages pass axe", async ({
  loggedInPage: page,
}) => {
  // Five axe passes, one over two Leaflet maps: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const property = await createProperty(page.request);
  await patchProperty(page.request, property.propertyId, {
    address: {
      formatted: "Brighton, United Kingdom",
      lineOne: null,
      lineTwo: null,
      townCity: "Brighton",
      county: null,
      state: null,
      postcode: null,
      country: "United Kingdom",
      lat: 50.83,
      lng: -0.14,
    },
  });
  await page.goto(`/property/${property.propertyId}/property-details`);
  await expect(page.getByRole("group", { name: b.previewMapLabel })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: `${copy.common.edit} ${b.pinLocation}` }).click();
  await page.getByRole("button", { name: b.manualLocation }).click();
  await expect(page.getByRole("group", { name: b.mapLabel })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: `${copy.common.cancel} ${b.pinLocation}` }).click();

  await page.getByRole("button", { name: b.editManager }).click();
  await expect(page.getByRole("dialog", { name: b.editManager })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await page.goto("/property-managers");
  await expect(page.getByRole("list", { name: copy.managers.title })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto("/company-profile");
  await expect(page.getByText(copy.company.none)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
