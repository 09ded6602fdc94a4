import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { fillTestCard, readSubscription } from "./billing-helpers.ts";

const b = copy.billing;

test("a trial that ended: the banner leads to a subscription charged at once, and the receipt is listed (HOME-05, BILL-25, BILL-40)", async ({
  loggedInPage: page,
  account,
}) => {
  expect((await page.request.post("/api/test/end-trial", { data: { email: account.email } })).status()).toBe(204);
  await page.goto("/");
  await expect(page.getByText(copy.home.trialEnded)).toBeVisible();
  await page.getByRole("link", { name: copy.home.setUpSubscription }).click();
  await expect(page).toHaveURL("/subscription");

  await fillTestCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: b.startSubscription }).click();
  await expect(page).toHaveURL("/subscription-success?s=1");

  // The trial had ended, so the first month was charged now and its receipt is listed with both links and its period (BILL-37).
  await page.goto("/subscription");
  const state = await readSubscription(page.request);
  const day = (iso: string) =>
    new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
  const periodEnd = state.currentPeriodEnd!;
  expect(new Date(periodEnd).getTime() - new Date(state.currentPeriodStart!).getTime()).toBe(30 * 86_400_000);
  const invoices = page.getByRole("table", { name: b.invoicesTitle });
  await expect(invoices.getByRole("row")).toHaveCount(2);
  await expect(invoices.getByRole("row").nth(1).getByRole("cell")).toHaveText([
    day(state.currentPeriodStart!),
    "$8.99",
    "USD",
    b.period(day(state.currentPeriodStart!), day(periodEnd)),
    b.invoiceLinks.view,
    b.invoiceLinks.download,
  ]);

  // The next invoice: the same $8.99 (no coupon), due when this period ends, for the 30 days after it.
  expect(state.upcomingInvoice).toMatchObject({
    amountDue: 899,
    subtotal: 899,
    coupon: null,
    dueDate: periodEnd,
    periodStart: periodEnd,
  });
  const nextInvoice = page.getByRole("region", { name: b.nextInvoice });
  await expect(nextInvoice.getByText(b.listPrice)).toHaveCount(0);
  await expect(nextInvoice.getByRole("definition")).toHaveText([
    "$8.99",
    b.period(day(periodEnd), day(new Date(new Date(periodEnd).getTime() + 30 * 86_400_000).toISOString())),
    day(periodEnd),
    day(periodEnd),
  ]);
  const view = invoices.getByRole("link", { name: b.invoiceLinks.view });
  const receipt = await page.request.get((await view.getAttribute("href"))!);
  expect(receipt.status()).toBe(200);
  expect(await receipt.text()).toContain("$8.99");
  const download = invoices.getByRole("link", { name: b.invoiceLinks.download });
  const pdf = await page.request.get((await download.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  // Guides are live again and the banner has moved on from the trial (HOME-03).
  await page.goto("/");
  await expect(page.getByText(copy.home.trialEnded)).toHaveCount(0);
});
