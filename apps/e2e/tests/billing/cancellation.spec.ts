import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";

const c = copy.billing.cancellation;

test.describe("pause or cancel (BILL-43…48, OPEN-28/29)", () => {
  test("all fields but the message are required; cancel + no longer own invites a review with the $20 voucher", async ({
    loggedInPage: page,
    account,
  }) => {
    await page.goto("/cancellation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(c.title);
    await expect(page.getByRole("link", { name: c.backToSubscription })).toHaveAttribute("href", "/subscription");
    await expect(page.getByText(c.notice)).toBeVisible();

    // The name and email come from the profile; clearing one shows its own message.
    await expect(page.getByLabel(c.fields.email)).toHaveValue(account.email);
    await page.getByLabel(c.fields.name).fill("");
    await page.getByRole("button", { name: c.submit }).click();
    for (const message of [c.required.name, c.required.tel, c.required.request, c.required.reason]) {
      await expect(page.getByText(message)).toBeVisible();
    }

    await page.getByLabel(c.fields.name).fill("Robin Hale");
    await page.getByLabel(c.fields.tel).fill("+44 1273 000000");
    await page.getByLabel(c.fields.request).selectOption({ label: c.requests.cancel });
    await page.getByLabel(c.fields.reason).selectOption({ label: c.reasons["no-longer-own"] });
    await page.getByLabel(c.fields.message).fill("Sold the cottage.");
    await page.getByRole("button", { name: c.submit }).click();

    await expect(page.getByText(c.thankYou)).toBeVisible();
    await expect(page.getByText(c.reviewInvitation)).toBeVisible();
    await expect(page.getByRole("button", { name: c.submit })).toHaveCount(0);
  });

  test("a pause request gets the thank-you without the review invitation", async ({ loggedInPage: page }) => {
    await page.goto("/cancellation");
    await page.getByLabel(c.fields.tel).fill("+44 1273 000000");
    await page.getByLabel(c.fields.request).selectOption({ label: c.requests["pause-1-month"] });
    await page.getByLabel(c.fields.reason).selectOption({ label: c.reasons["no-longer-own"] });
    await page.getByRole("button", { name: c.submit }).click();
    await expect(page.getByText(c.thankYou)).toBeVisible();
    await expect(page.getByText(c.reviewInvitation)).toHaveCount(0);
  });

  test("a failure shows an error (OPEN-28)", async ({ loggedInPage: page }) => {
    await page.route("**/api/billing/cancellation-requests", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":{"code":"INTERNAL","message":"x"}}',
      }),
    );
    await page.goto("/cancellation");
    await page.getByLabel(c.fields.tel).fill("+44 1273 000000");
    await page.getByLabel(c.fields.request).selectOption({ label: c.requests.cancel });
    await page.getByLabel(c.fields.reason).selectOption({ label: c.reasons["product-value"] });
    await page.getByRole("button", { name: c.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(c.failed);
  });
});
