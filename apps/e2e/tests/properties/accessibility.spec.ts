import { copy } from "@doorstep/shared/copy";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "./property-api.ts";

test.describe("properties pages have no axe violations, also at 360 px", () => {
  for (const width of [1200, 360]) {
    test(`list, create, overview, setup-basics and setup-complete at ${width} px`, async ({ loggedInPage: page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 800 });
      const property = await createLivePropertyViaApi(page.request, "Harbour View");
      const pages: [string, string][] = [
        ["/properties", copy.properties.title],
        ["/create-property", copy.properties.createTitle],
        [`/property/${property.propertyId}`, property.title],
        [`/property/${property.propertyId}/setup-basics`, copy.setup.basicsTitle],
        [`/property/${property.propertyId}/setup-complete`, copy.setup.liveTitle(property.title)],
      ];
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        expect(await axeViolations(page), path).toEqual([]);
        // Nothing wider than the viewport (responsive to 360 px).
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
    });
  }
});
