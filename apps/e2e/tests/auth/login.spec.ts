import { CLIENT_VERSION } from "@doorstep/shared/constants";
import { copy } from "@doorstep/shared/copy";
import { expect, PASSWORD, test, uniqueEmail } from "../../fixtures.ts";

test.describe("log in (AUTH-01…08)", () => {
  test("shows the form with a hidden honeypot and the two links", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: copy.login.title })).toBeVisible();
    await expect(page.getByLabel(copy.login.email)).toBeVisible();
    await expect(page.getByLabel(copy.login.password)).toBeVisible();
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await expect(page.getByRole("link", { name: copy.login.forgotPassword })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    await expect(page.getByRole("link", { name: copy.login.createAccount })).toHaveAttribute("href", "/create-account");
  });

  test("an unknown email and a wrong password show their copy; a good login opens home", async ({ page, account }) => {
    await page.goto("/login");
    await page.getByLabel(copy.login.email).fill(uniqueEmail("nobody"));
    await page.getByLabel(copy.login.password).fill(PASSWORD);
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.userNotFound);

    // AUTH-06: a change clears the error.
    await page.getByLabel(copy.login.email).fill(account.email);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByLabel(copy.login.password).fill("not-the-password");
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.wrongPassword);

    await page.getByLabel(copy.login.password).fill(account.password);
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} ${account.firstName}`);
  });

  test("the browser sends its client version with the login, for the recorded attempt (AUTH-12)", async ({
    page,
    account,
  }) => {
    await page.goto("/login");
    await page.getByLabel(copy.login.email).fill(account.email);
    await page.getByLabel(copy.login.password).fill(account.password);
    const loginRequest = page.waitForRequest((r) => r.url().endsWith("/api/auth/login") && r.method() === "POST");
    await page.getByRole("button", { name: copy.login.submit }).click();
    expect((await loginRequest).headers()["x-client-version"]).toBe(CLIENT_VERSION);
    await expect(page).toHaveURL("/");
  });

  test("the button reads Logging in... while the request runs, then a loading screen shows while the user loads (AUTH-03)", async ({
    page,
    account,
  }) => {
    await page.goto("/login");
    await page.getByLabel(copy.login.email).fill(account.email);
    await page.getByLabel(copy.login.password).fill(account.password);
    // Both answers are held until the test has seen the state in between.
    let releaseLogin!: () => void;
    const loginHeld = new Promise<void>((resolve) => (releaseLogin = resolve));
    await page.route("**/api/auth/login", async (route) => {
      await loginHeld;
      await route.continue();
    });
    let releaseMe!: () => void;
    const meHeld = new Promise<void>((resolve) => (releaseMe = resolve));
    await page.route("**/api/me", async (route) => {
      await meHeld;
      await route.continue();
    });

    await page.getByRole("button", { name: copy.login.submit }).click();
    const busy = page.getByRole("button", { name: copy.login.submitting });
    await expect(busy).toBeVisible();
    await expect(busy).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("button", { name: copy.login.submit, exact: true })).toHaveCount(0);

    releaseLogin();
    await expect(page.getByRole("status").filter({ hasText: copy.loadingScreen })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
    releaseMe();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} ${account.firstName}`);
    await expect(page).toHaveURL("/");
  });

  test("the email is matched case-insensitively after trimming (AUTH-09)", async ({ page, account }) => {
    await page.goto("/login");
    await page.getByLabel(copy.login.email).fill(`  ${account.email.toUpperCase()} `);
    await page.getByLabel(copy.login.password).fill(account.password);
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} ${account.firstName}`);
  });

  test("a disposable email is refused without a request (AUTH-05)", async ({ page }) => {
    let loginCalls = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/login")) loginCalls += 1;
    });
    await page.goto("/login");
    await page.getByLabel(copy.login.email).fill("someone@yopmail.com");
    await page.getByLabel(copy.login.password).fill(PASSWORD);
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.invalidEmail);
    expect(loginCalls).toBe(0);
  });

  test("a filled honeypot never reaches the server (AUTH-04)", async ({ page, account }) => {
    let loginCalls = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/login")) loginCalls += 1;
    });
    await page.goto("/login");
    await page.getByLabel(copy.login.email).fill(account.email);
    await page.getByLabel(copy.login.password).fill(account.password);
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page).toHaveURL("/login");
    expect(loginCalls).toBe(0);

    // And the server refuses a bot that skips the page.
    const response = await page.request.post("/api/auth/login", {
      data: { email: account.email, password: account.password, website: "x" },
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "BOT_DETECTED" } });
  });

  test("repeated bad logins are rate limited (OPEN-15)", async ({ page, account }) => {
    // The server allows 10 attempts per IP and email in 15 minutes.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await page.request.post("/api/auth/login", {
        data: { email: account.email, password: `wrong-${attempt}` },
      });
      expect(response.status()).toBe(401);
    }
    await page.goto("/login");
    await page.getByLabel(copy.login.email).fill(account.email);
    await page.getByLabel(copy.login.password).fill("wrong-again");
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.common.tooManyRequests);
  });

  test("log out clears the session and shows /login (AUTH-21)", async ({ loggedInPage: page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(copy.home.welcome);
    await page.getByRole("button", { name: copy.common.logout }).click();
    await expect(page).toHaveURL("/login");
    const me = await page.request.get("/api/me");
    expect(me.status()).toBe(401);
    await page.goto("/personal-information");
    await expect(page).toHaveURL("/login?next=%2Fpersonal-information");
  });
});
