import { copy } from "@doorstep/shared/copy";
import type { Page } from "@playwright/test";
import { axeViolations, expect, PASSWORD, readOutbox, test, uniqueEmail } from "../../fixtures.ts";

const a = copy.affiliates;
const shots = process.env.AFFILIATE_SCREENSHOTS;

async function screenshots(page: Page, name: string) {
  if (!shots) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("affiliate sign-up → home tiles → payment details saved → terms; a partner page sign-up counts (AFF-02…17)", async ({
  page,
  browser,
  baseURL,
}) => {
  // The whole journey in two browsers, with screenshots at two widths when asked for.
  test.setTimeout(90_000);
  // AFF-02…04: the sign-up form, logged out; OPEN-27: signed in and taken to the affiliate home.
  const email = uniqueEmail("affiliate");
  await page.goto("/create-affiliate-account");
  await expect(page.getByRole("heading", { level: 1, name: a.createAccount.title })).toBeVisible();
  await page.getByLabel(copy.createAccount.firstName).fill("Paula");
  await page.getByLabel(copy.createAccount.email).fill("paula@mailinator.com");
  await page.getByLabel(copy.createAccount.password).fill(PASSWORD);
  await page.getByRole("button", { name: a.createAccount.submit }).click();
  // AFF-03: the sign-up's own copy.
  await expect(page.getByRole("alert")).toHaveText(copy.errors.invalidEmail);
  await page.getByLabel(copy.createAccount.email).fill(email);
  await page.getByRole("button", { name: a.createAccount.submit }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.welcome("Paula"));
  const main = page.getByRole("main");
  for (const [name, href] of [
    [a.tiles.referrals, "/affiliate-stats"],
    [a.tiles.assets, "/affiliate-assets"],
    [a.tiles.terms, "/affiliate-terms"],
    [a.tiles.profile, "/personal-information"],
    [a.tiles.login, "/login-security"],
    [a.tiles.payment, "/affiliate-payment-details"],
  ] as const)
    await expect(main.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
  const link = (await page.getByLabel(a.linkHeading, { exact: true }).textContent())!.trim();
  expect(link).toMatch(/\/partners\/paula\d+$/);
  const label = link.split("/").at(-1)!;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: a.copyLink }).click();
  const copied = page.getByRole("status").filter({ hasText: a.linkCopied });
  await expect(copied).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(copied).toHaveCount(0, { timeout: 5_000 });
  expect((await readOutbox(page.request, email))[0]?.subject).toBe("Welcome to the Doorstep affiliate programme");
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, "affiliate-home");

  // AFF-14: payment currency and PayPal email, each with Edit / Cancel / Save.
  await main.getByRole("link", { name: new RegExp(`^${a.tiles.payment}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: a.payment.title })).toBeVisible();
  await page.getByRole("button", { name: `${copy.common.edit} ${a.payment.currency}` }).click();
  await page.getByLabel(a.payment.currency).selectOption("gbp");
  await page.getByRole("button", { name: `${copy.common.save} ${a.payment.currency}` }).click();
  await expect(page.getByText(a.payment.currencies.gbp)).toBeVisible();
  await page.getByRole("button", { name: `${copy.common.edit} ${a.payment.payPalEmail}` }).click();
  await page.getByLabel(a.payment.payPalEmail).fill("paula.payouts@example.com");
  await page.getByRole("button", { name: `${copy.common.save} ${a.payment.payPalEmail}` }).click();
  await expect(page.getByText("paula.payouts@example.com")).toBeVisible();
  await page.reload();
  await expect(page.getByText(a.payment.currencies.gbp)).toBeVisible();
  await expect(page.getByText("paula.payouts@example.com")).toBeVisible();

  // AFF-13.
  await page.goto("/");
  await main.getByRole("link", { name: new RegExp(`^${a.tiles.terms}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name: a.terms.title })).toBeVisible();
  for (const term of a.terms.items) await expect(page.getByText(term)).toBeVisible();

  // A visitor in their own browser opens the partner page and starts a trial from it (AFF-05…07, AFF-17).
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/partners/${label}`);
  await expect(visitorPage.getByText(a.partner.recommendedBy("Paula"))).toBeVisible();
  await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(a.partner.defaultTitle);
  expect(await axeViolations(visitorPage)).toEqual([]);
  await screenshots(visitorPage, "partner-page");
  await visitorPage.getByRole("link", { name: a.partner.cta }).click();
  await expect(visitorPage).toHaveURL(
    `/try-free?utm_source=affiliate-landing-page&utm_medium=affiliate&utm_campaign=${label}`,
  );
  await visitorPage.getByLabel(copy.createAccount.firstName).fill("Carla");
  await visitorPage.getByLabel(copy.createAccount.email).fill(uniqueEmail("customer"));
  await visitorPage.getByLabel(copy.createAccount.password).fill(PASSWORD);
  await visitorPage.getByRole("button", { name: copy.createAccount.submit }).click();
  await expect(visitorPage).toHaveURL("/setup-place");
  await visitor.close();

  // AFF-12: one click (the partner page view), one trial, no person named.
  await page.goto("/affiliate-stats");
  await expect(page.getByRole("heading", { level: 1, name: a.stats.title })).toBeVisible();
  const figure = (name: string) => page.locator(".affiliate-stats__item", { hasText: name }).locator("dd");
  await expect(figure(a.stats.linkClicks)).toHaveText("1");
  await expect(figure(a.stats.trialsStarted)).toHaveText("1");
  await expect(figure(a.stats.payingCustomers)).toHaveText("0");
  const row = page.getByRole("table").getByRole("row").nth(1);
  await expect(row).toContainText(copy.referrals.status.inTrial);
  await expect(page.getByText("Carla")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, "affiliate-stats");

  // A host's pages send the affiliate home (XCUT-09's counterpart).
  await page.goto("/properties");
  await expect(page).toHaveURL("/");
});

test('an unknown partner page says "Error, this page does not exist" (AFF-08, XCUT-36)', async ({ page }) => {
  await page.goto("/partners/nobody-here-0000");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error, this page does not exist");
});
