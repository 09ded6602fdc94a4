import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { createPropertyViaApi } from "../properties/property-api.ts";
import { fillTestCard, readSubscription } from "./billing-helpers.ts";

const b = copy.billing;

test.describe("setup flow payment step (PROP-35…37, OPEN-04/05)", () => {
  test("a failed card reads 'Card details were not saved', a good card leads to setup-complete", async ({
    loggedInPage: page,
  }) => {
    const property = await createPropertyViaApi(page.request, "Harbour View");
    await page.goto(`/property/${property.propertyId}/setup-payment`);
    await expect(page.getByText(copy.setup.planTitle)).toBeVisible();
    await expect(page.getByText(/Free until \d{1,2} \w+ \d{4}/)).toBeVisible();
    await expect(page.getByText(b.setupPaymentIntro("$8.99"))).toBeVisible();
    await expect(page.getByRole("button", { name: copy.setup.continueWithoutCard })).toBeVisible();

    await fillTestCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: b.setupPaymentSave }).click();
    await expect(page.getByRole("alert")).toHaveText(b.cardNotSaved);
    // A decline keeps the number and expiry to correct; only the CVC is cleared.
    await expect(page.getByLabel(b.cardNumber)).toHaveValue("4000 0000 0000 0002");
    await expect(page.getByLabel(b.cardExpiry)).toHaveValue("12/34");
    await expect(page.getByLabel(b.cardCvc)).toHaveValue("");

    await fillTestCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: b.setupPaymentSave }).click();
    await expect(page).toHaveURL(`/property/${property.propertyId}/setup-complete`);
    expect(await readSubscription(page.request)).toMatchObject({
      hasSubscription: true,
      status: "trialing",
      plan: { cycle: "monthly" },
    });
  });
});
