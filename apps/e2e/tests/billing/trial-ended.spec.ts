import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { fillTestCard } from "./billing-helpers.ts";

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

  // The trial had ended, so the first month was charged now and its receipt is listed with both links.
  await page.goto("/subscription");
  const invoices = page.getByRole("table");
  await expect(invoices.getByRole("row")).toHaveCount(2);
  await expect(invoices).toContainText("$8.99");
  await expect(invoices).toContainText("USD");
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
