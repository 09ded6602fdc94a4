import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";

test.describe("route guards, logged out (XCUT-01…05, XCUT-10, OPEN-09…11)", () => {
  test("/ goes to /login", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { name: copy.login.title })).toBeVisible();
  });

  // One page visits each path in turn (test.step names the one that fails): a new browser context per path
  // cost CI a second or more each on a busy machine, for nothing more than this proves.
  test("every protected page shows /login with the page as next", async ({ page }) => {
    test.slow(); // a full page load per path: up to 2 s each on a busy CI machine
    for (const path of [
      "/personal-information",
      "/login-security",
      "/subscription",
      "/referrals",
      "/properties",
      "/create-property",
      "/messaging",
      "/local-area-profiles",
      "/create-local-area-profile",
      "/local-area-profile/beach-tips",
      "/local-area-profile-deleted",
      // XCUT-09.
      "/affiliate-stats",
      "/affiliate-terms",
      "/affiliate-payment-details",
      "/affiliate-assets",
    ]) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
        await expect(page.getByRole("button", { name: copy.login.submit })).toBeVisible();
      });
    }
  });

  // XCUT-06: /r is the server's redirect to the marketing site (not reachable from this machine), never /login.
  test("/r stays open without login", async ({ page }) => {
    const response = await page.request.get("/r", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).not.toContain("/login");
  });

  // XCUT-07: an unknown partner label (AFF-08).
  test("/partners/some-label stays open without login", async ({ page }) => {
    await page.goto("/partners/some-label");
    await expect(page).toHaveURL("/partners/some-label");
    await expect(page.getByRole("heading", { name: copy.errors.pageNotFound })).toBeVisible();
  });

  test("/create-affiliate-account stays open without login (XCUT-08)", async ({ page }) => {
    await page.goto("/create-affiliate-account");
    await expect(page.getByRole("heading", { name: copy.affiliates.createAccount.title })).toBeVisible();
  });

  test("logging in returns to the requested page (OPEN-10)", async ({ page, account }) => {
    await page.goto("/login-security");
    await expect(page).toHaveURL("/login?next=%2Flogin-security");
    await page.getByLabel(copy.login.email).fill(account.email);
    await page.getByLabel(copy.login.password).fill(account.password);
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page).toHaveURL("/login-security");
    await expect(page.getByRole("heading", { name: copy.loginSecurity.title })).toBeVisible();
  });

  test("a next that leaves the site is ignored", async ({ page, account }) => {
    await page.goto("/login?next=%2F%2Fevil.example%2Fsteal");
    await page.getByLabel(copy.login.email).fill(account.email);
    await page.getByLabel(copy.login.password).fill(account.password);
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page).toHaveURL("/");
  });

  test("the setup flow goes to /try-free, the sign-up page that continues to /setup-place (XCUT-10, OPEN-09)", async ({
    page,
  }) => {
    await page.goto("/setup-place");
    await expect(page).toHaveURL("/try-free");
    await expect(page.getByRole("button", { name: copy.createAccount.submit })).toBeVisible();
  });

  test("/welcome greets generically (OPEN-11)", async ({ page }) => {
    await page.goto("/welcome");
    await expect(page.getByRole("heading", { name: copy.welcome.genericTitle })).toBeVisible();
    await expect(page.getByRole("link", { name: copy.welcome.goToDashboard })).toHaveAttribute("href", "/");
  });

  test("the logged-out pages are open", async ({ page }) => {
    test.slow(); // a full page load per path: up to 2 s each on a busy CI machine
    for (const path of [
      "/login",
      "/create-account",
      "/forgot-password",
      "/reset-password?otp_token=x&reset_email=y",
      "/try-free",
    ]) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    }
  });
});

test.describe("route guards, logged in (XCUT-02, XCUT-03, OPEN-09)", () => {
  const redirects: [from: string, to: string][] = [
    ["/login", "/"],
    ["/create-account", "/welcome"],
    ["/forgot-password", "/"],
    ["/reset-password?otp_token=x&reset_email=y", "/"],
    ["/try-free", "/setup-place"],
    // XCUT-07, XCUT-08.
    ["/partners/some-label", "/"],
    ["/create-affiliate-account", "/"],
  ];
  test("a host is sent on from the logged-out pages", async ({ loggedInPage: page }) => {
    test.slow(); // a full page load per path: up to 2 s each on a busy CI machine
    for (const [from, to] of redirects) {
      await test.step(`${from} goes to ${to}`, async () => {
        await page.goto(from);
        await expect(page).toHaveURL(to);
      });
    }
  });

  test("protected pages open and /welcome greets by name", async ({ loggedInPage: page, account }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} ${account.firstName}`);
    await page.goto("/personal-information");
    await expect(page.getByRole("heading", { name: copy.profile.title })).toBeVisible();
    await page.goto("/login-security");
    await expect(page.getByRole("heading", { name: copy.loginSecurity.title })).toBeVisible();
    await page.goto("/welcome");
    await expect(page.getByRole("heading", { name: copy.welcome.title(account.firstName) })).toBeVisible();
    await page.goto("/setup-place");
    await expect(page.getByRole("heading", { name: copy.setup.createPlaceTitle })).toBeVisible();
  });

  test("a host is sent home from the affiliate pages (XCUT-09)", async ({ loggedInPage: page, account }) => {
    test.slow(); // a full page load per path: up to 2 s each on a busy CI machine
    for (const path of ["/affiliate-stats", "/affiliate-terms", "/affiliate-payment-details", "/affiliate-assets"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} ${account.firstName}`);
    }
    // XCUT-13: an unknown profile label says so inside the dashboard.
    await page.goto("/local-area-profile/beach-tips");
    await expect(page.getByText(copy.localArea.profileNotFound)).toBeVisible();
  });

  test("a session that ends while the page is open leads back to /login (AUTH-22)", async ({ loggedInPage: page }) => {
    await page.goto("/personal-information");
    await expect(page.getByRole("heading", { name: copy.profile.title })).toBeVisible();
    await page.context().clearCookies();
    await page.getByRole("button", { name: `${copy.common.edit} ${copy.profile.firstName}` }).click();
    await page.getByLabel(copy.profile.firstName).fill("Someone");
    await page.getByRole("button", { name: `${copy.common.save} ${copy.profile.firstName}` }).click();
    await expect(page).toHaveURL("/login?next=%2Fpersonal-information");
  });
});
