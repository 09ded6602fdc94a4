import { copy } from "@doorstep/shared/copy";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { fillTestCard, readSubscription } from "./billing-helpers.ts";

const b = copy.billing;

test.describe("subscription on the local gateway (BILL-01…41)", () => {
  test("subscribe with 4242 from the home tile, see the success page, then the subscription and a new card", async ({
    loggedInPage: page,
  }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: copy.home.tiles.subscription, exact: true }).click();
    await expect(page).toHaveURL("/subscription");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(b.titleNoSubscription);

    // Plan choice (BILL-02, BILL-11, BILL-16): 127.0.0.1 has no country, so usd (BILL-05).
    const cycles = page.getByRole("group", { name: b.cycle });
    await expect(cycles.getByRole("radio", { name: new RegExp(`^${b.monthly}`) })).toBeChecked();
    // BILL-11: $89 against 12 × $8.99, computed from the prices compared.
    await expect(cycles.getByText(b.savePercent(17.5))).toBeVisible();
    await expect(cycles.getByText(b.monthlyPlanCopy)).toBeVisible();
    await expect(cycles.getByText(b.annualPlanCopy)).toBeVisible();
    await expect(page.getByLabel(b.currency)).toHaveValue("usd");
    await expect(page.getByText(`$8.99 ${b.perCycle.monthly} ${b.priceFor(1, "property")}`)).toBeVisible();
    await cycles.getByRole("radio", { name: new RegExp(`^${b.annual}`) }).check();
    await expect(page.getByText(`$89.00 ${b.perCycle.annual} ${b.priceFor(1, "property")}`)).toBeVisible();
    await page.getByLabel(b.currency).selectOption("gbp");
    await expect(page.getByText(`£69.00 ${b.perCycle.annual} ${b.priceFor(1, "guide")}`)).toBeVisible();
    await page.getByLabel(b.currency).selectOption("usd");
    await cycles.getByRole("radio", { name: new RegExp(`^${b.monthly}`) }).check();

    // Coupon (BILL-18): an unknown code is refused, P10 gives 10% off the first year.
    await page.getByLabel(b.coupon).fill("NOPE");
    await page.getByRole("button", { name: b.applyCoupon }).click();
    await expect(page.getByText(b.couponUnknown)).toBeVisible();
    await page.getByLabel(b.coupon).fill("p10");
    await page.getByRole("button", { name: b.applyCoupon }).click();
    await expect(page.getByText(b.couponApplied(10, 12))).toBeVisible();

    // The card form in test mode (docs/architecture.md §6, BILL-19): save disabled until the card is complete.
    await expect(page.getByRole("complementary", { name: b.testModeTitle })).toContainText("4242 4242 4242 4242");
    const save = page.getByRole("button", { name: b.startSubscription });
    await expect(save).toBeDisabled();
    await fillTestCard(page, "4242 4242 4242 4242");
    await expect(save).toBeEnabled();
    await save.click();

    await expect(page).toHaveURL("/subscription-success?s=1");
    await expect(page.getByRole("heading", { name: b.successTitle })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: b.successToDashboard })).toHaveAttribute("href", "/");
    await page.getByRole("link", { name: b.successToSubscription }).click();

    // With a subscription (BILL-33, BILL-34, BILL-39, BILL-40): a trialing plan, the card on file, no invoices yet.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(b.titleWithSubscription);
    await expect(page.getByText(b.statuses.trialing, { exact: true })).toBeVisible();
    await expect(page.getByText(b.trialingNote)).toBeVisible();
    await expect(page.getByText(b.cardSummary("Visa", "4242", 12, 2034))).toBeVisible();
    await expect(page.getByRole("heading", { name: b.invoicesTitle })).toBeVisible();
    await expect(page.getByText(b.noInvoices)).toBeVisible();
    const state = await readSubscription(page.request);
    expect(state).toMatchObject({
      hasSubscription: true,
      status: "trialing",
      quantity: 1,
      card: { brand: "visa", last4: "4242" },
    });

    // The next invoice (BILL-37/38, BILL-18): at the trial end, $8.99 struck through, $8.09 with the P10 coupon.
    expect(state.upcomingInvoice).toMatchObject({
      amountDue: 809,
      subtotal: 899,
      coupon: "P10",
      dueDate: state.trialEndsAt,
      periodStart: state.trialEndsAt,
    });
    const nextInvoice = page.getByRole("region", { name: b.nextInvoice });
    await expect(nextInvoice.getByText(`${b.listPrice} $8.99`, { exact: true })).toHaveCSS(
      "text-decoration-line",
      "line-through",
    );
    const day = (iso: string) =>
      new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
    await expect(nextInvoice.getByRole("definition")).toHaveText([
      `${b.listPrice} $8.99 $8.09 ${b.couponOnInvoice("P10")}`,
      b.period(day(state.trialEndsAt!), day(state.upcomingInvoice!.periodEnd)),
      day(state.trialEndsAt!),
      day(state.trialEndsAt!),
    ]);
    const lines = nextInvoice.getByRole("table", { name: b.nextInvoice });
    await expect(lines.getByRole("row").nth(1)).toHaveText(
      ["1 × Doorstep monthly plan (at $8.99 / every 30 days)", "1", "$8.99"].join(""),
    );

    await page.getByRole("button", { name: `${copy.common.edit} ${b.subscriptionDetails}` }).click();
    await expect(page.getByText(b.editSubscriptionNote)).toBeVisible();
    await expect(page.getByRole("link", { name: b.cancellationLink })).toHaveAttribute("href", "/cancellation");

    // A new card (BILL-35/36).
    await page.getByRole("button", { name: `${copy.common.edit} ${b.paymentDetails}` }).click();
    await fillTestCard(page, "5555 5555 5555 4444", "01/33", "321");
    await page.getByRole("button", { name: b.saveCard }).click();
    await expect(page.getByText(b.cardUpdated)).toBeVisible();
    await expect(page.getByText(b.cardSummary("Mastercard", "4444", 1, 2033))).toBeVisible();
    await expect(page.getByLabel(b.cardNumber)).toHaveCount(0);

    expect(await axeViolations(page)).toEqual([]);
  });

  test("a declined card shows the decline copy, clears only the CVC and creates no subscription (BILL-28/30)", async ({
    loggedInPage: page,
  }) => {
    await page.goto("/subscription");
    await fillTestCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: b.startSubscription }).click();
    await expect(page.getByRole("alert")).toHaveText(b.cardDeclined);
    await expect(page.getByLabel(b.cardNumber)).toHaveValue("4000 0000 0000 0002");
    await expect(page.getByLabel(b.cardExpiry)).toHaveValue("12/34");
    await expect(page.getByLabel(b.cardCvc)).toHaveValue("");
    await expect(page.getByRole("button", { name: b.startSubscription })).toBeDisabled();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(b.titleNoSubscription);
    expect(await readSubscription(page.request)).toMatchObject({ hasSubscription: false, card: null });
  });

  test("the pages need login (XCUT-05)", async ({ page }) => {
    for (const path of ["/subscription", "/subscription-success?s=1", "/cancellation"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login/);
    }
  });
});
