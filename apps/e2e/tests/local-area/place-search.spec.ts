import { copy } from "@doorstep/shared/copy";
import { expect, logInThroughApi, signUp, test } from "../../fixtures.ts";
import { PLACES_APP_URL } from "../../ports.ts";

const c = copy.localArea;

// The app server with a places provider: a fake Nominatim at its HTTP boundary (playwright.config.ts).
test.use({ baseURL: PLACES_APP_URL, extraHTTPHeaders: { Origin: PLACES_APP_URL } });

test.describe("places from the search, with a places provider (LOCAL-07/08/10/17)", () => {
  test("a profile in a town from the search, a café found near it, refused when added twice", async ({ page }) => {
    const account = await signUp(page.request);
    await logInThroughApi(page, account.email, account.password);

    await page.goto("/create-local-area-profile");
    await page.getByLabel(c.profileName).fill("Kemptown");
    await page.getByRole("combobox", { name: c.nearestTown }).fill("Brighton");
    await page.getByRole("option", { name: /^Brighton and Hove/ }).click();
    await page.getByRole("button", { name: c.createButton }).click();
    await expect(page).toHaveURL(/\/local-area-profile\/kemptown$/);

    await page.getByRole("button", { name: `${c.edit} ${c.categories.cafes.title}` }).click();
    const search = page.getByRole("combobox", { name: c.searchLabel(c.categories.cafes.title) });
    await search.fill("Marine Café");
    // Biased to ±0.05° around the profile's town: Brighton's café comes before Manchester's.
    const options = page.getByRole("option");
    await expect(options.first()).toContainText("Madeira Drive");
    await options.first().click();

    const list = page.getByRole("list", { name: c.placesIn(c.categories.cafes.title) });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem").first()).toContainText("Marine Café");
    await expect(list.getByRole("listitem").first()).toContainText("Madeira Drive");
    await expect(page.getByText(c.placesAdded(1))).toBeVisible();
    await expect(search).toHaveValue("");

    // LOCAL-08: the same place again, from another category, is refused for 2 seconds.
    await page.getByRole("button", { name: `${c.edit} ${c.categories["food-and-drink"].title}` }).click();
    const food = page.getByRole("combobox", { name: c.searchLabel(c.categories["food-and-drink"].title) });
    await food.fill("Marine Café");
    await page.getByRole("option").first().click();
    await expect(page.getByRole("alert").filter({ hasText: c.alreadyAdded })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: c.alreadyAdded })).toBeHidden({ timeout: 4000 });
    await expect(page.getByText(c.noPlaces).first()).toBeVisible();
  });
});
