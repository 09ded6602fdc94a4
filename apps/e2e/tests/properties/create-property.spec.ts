import { copy } from "@doorstep/shared/copy";
import { suggestWeblink } from "@doorstep/shared/rules/property";
import { expect, test } from "../../fixtures.ts";
import { createPropertyViaApi, uniqueWeblink } from "./property-api.ts";

const t = copy.properties;

test.describe("create a property (PROP-06…14)", () => {
  test("name, then the suggested weblink; a bad character and a taken weblink are refused; Checking then Creating", async ({
    loggedInPage: page,
  }) => {
    const taken = await createPropertyViaApi(page.request, "Someone else's place", uniqueWeblink("taken"));
    const name = `Seaside Escape ${Date.now()}`;
    await page.goto("/create-property");
    await expect(page.getByRole("heading", { name: t.createTitle })).toBeVisible();

    // Step 1: the name is required before Continue moves on.
    await page.getByRole("button", { name: t.continue }).click();
    await expect(page.getByText(copy.common.required)).toBeVisible();
    await expect(page.getByLabel(t.weblink)).toHaveCount(0);
    await page.getByLabel(t.guideName).fill(name);
    await page.getByRole("button", { name: t.continue }).click();

    // Step 2: the weblink is suggested from the name (PROP-08).
    const weblink = page.getByLabel(t.weblink);
    await expect(weblink).toHaveValue(suggestWeblink(name));
    await expect(weblink).toBeFocused();

    // PROP-09: only lowercase letters, digits and "-".
    await weblink.fill("Bad Link!");
    await expect(page.getByText(t.weblinkCharacters)).toBeVisible();
    await expect(page.getByRole("button", { name: t.continue, exact: true })).toBeDisabled();

    // PROP-11: a weblink in use anywhere is unavailable; the button reads "Checking" meanwhile (PROP-07).
    await page.route("**/api/properties/weblink-check", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await weblink.fill(taken.propertyId);
    await expect(page.getByText(t.weblinkCharacters)).toHaveCount(0);
    await page.getByRole("button", { name: t.continue, exact: true }).click();
    await expect(page.getByRole("button", { name: t.checking })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(t.weblinkUnavailable);
    await expect(weblink).toHaveValue(taken.propertyId);

    // A free weblink: "Creating" while the property is made, then its page (PROP-13).
    await page.route("**/api/properties", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const mine = uniqueWeblink("mine");
    await weblink.fill(mine);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: t.continue, exact: true }).click();
    await expect(page.getByRole("button", { name: t.creating })).toBeVisible();
    // PROP-13: every new property goes on through the guided setup.
    await expect(page).toHaveURL(`/property/${mine}/setup-basics`);
    await expect(page.getByText(copy.setup.step(2, 4))).toBeVisible();
  });

  test("Create property on the properties list leads through the four steps, and the guide is live", async ({
    loggedInPage: page,
  }) => {
    const name = `Harbour View ${Date.now()}`;
    const mine = uniqueWeblink("four");
    await page.goto("/properties");
    await page.getByRole("link", { name: copy.header.createProperty, exact: true }).first().click();
    await expect(page).toHaveURL("/create-property");
    await expect(page.getByText(copy.setup.step(1, 4))).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: t.createTitle })).toBeVisible();
    await page.getByLabel(t.guideName).fill(name);
    await page.getByRole("button", { name: t.continue }).click();
    await page.getByLabel(t.weblink).fill(mine);
    await page.getByRole("button", { name: t.continue, exact: true }).click();

    await expect(page).toHaveURL(`/property/${mine}/setup-basics`);
    await expect(page.getByText(copy.setup.step(2, 4))).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: copy.setup.basicsTitle })).toBeVisible();
    await page.getByRole("button", { name: copy.setup.completeSetup }).click();

    await expect(page).toHaveURL(`/property/${mine}/setup-payment`);
    await expect(page.getByText(copy.setup.step(3, 4))).toBeVisible();
    await page.getByRole("button", { name: copy.setup.continueWithoutCard }).click();

    await expect(page).toHaveURL(`/property/${mine}/setup-complete`);
    await expect(page.getByText(copy.setup.step(4, 4))).toBeVisible();
    await expect(page.getByRole("heading", { name: copy.setup.liveTitle(name) })).toBeVisible();
    const saved = (await (await page.request.get(`/api/properties/${mine}`)).json()).property;
    expect(saved.published).toBe(true);

    if (process.env.POLISH_SCREENSHOTS) {
      await page.goto("/create-property");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.getByLabel(t.guideName).waitFor();
        await page.screenshot({ path: `${process.env.POLISH_SCREENSHOTS}/polish-create-step1-${width}.png` });
      }
    }
  });

  test("a name with nothing usable gets a random 6-digit weblink (PROP-08)", async ({ loggedInPage: page }) => {
    await page.goto("/create-property");
    await page.getByLabel(t.guideName).fill("!!");
    await page.getByRole("button", { name: t.continue }).click();
    await expect(page.getByLabel(t.weblink)).toHaveValue(/^\d{6}$/);
  });

  test("a weblink taken between check and create reads as unavailable (409)", async ({ loggedInPage: page }) => {
    const weblink = uniqueWeblink("race");
    await page.goto("/create-property");
    await page.getByLabel(t.guideName).fill("Race");
    await page.getByRole("button", { name: t.continue }).click();
    await page.getByLabel(t.weblink).fill(weblink);
    // Someone else takes it after the check answered "available".
    await page.route("**/api/properties/weblink-check", async (route) => {
      const response = await route.fetch();
      await createPropertyViaApi(page.request, "First", weblink);
      await route.fulfill({ response });
    });
    await page.getByRole("button", { name: t.continue, exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(t.weblinkUnavailable);
    await expect(page).toHaveURL("/create-property");
  });

  test("the back link returns to the list the user came from (PROP-14)", async ({ loggedInPage: page }) => {
    await page.goto("/properties");
    await page.getByRole("main").getByRole("link", { name: t.createNew }).click();
    await expect(page).toHaveURL("/create-property");
    await page.getByRole("main").getByRole("link", { name: t.backToProperties }).click();
    await expect(page).toHaveURL("/properties");

    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: copy.home.createNewProperty }).click();
    await expect(page).toHaveURL("/create-property");
    await page.getByRole("main").getByRole("link", { name: copy.common.backToDashboard }).click();
    await expect(page).toHaveURL("/");
  });
});
