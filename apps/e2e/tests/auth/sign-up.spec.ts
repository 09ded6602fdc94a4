import { copy } from "@doorstep/shared/copy";
import { expect, PASSWORD, test, uniqueEmail } from "../../fixtures.ts";

test.describe("create account (AUTH-23…33)", () => {
  test("sign-up leads to the welcome page, then home with the greeting and a ticking countdown", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/create-account?utm_source=e2e&ref=nobody");
    await expect(page.getByRole("heading", { name: copy.createAccount.title })).toBeVisible();
    await expect(page.getByText(copy.createAccount.trialPitch(14))).toBeVisible();
    await expect(page.getByRole("link", { name: copy.createAccount.terms })).toHaveAttribute("href", /terms/);
    await expect(page.getByRole("link", { name: copy.createAccount.privacy })).toHaveAttribute("href", /privacy/);

    await page.getByLabel(copy.createAccount.firstName).fill("Ada");
    await page.getByLabel(copy.createAccount.email).fill(email);
    await page.getByLabel(copy.createAccount.password).fill(PASSWORD);
    await page.getByRole("button", { name: copy.createAccount.submit }).click();

    await expect(page).toHaveURL("/welcome");
    await expect(page.getByRole("heading", { name: copy.welcome.title("Ada") })).toBeVisible();
    await expect(page.getByText(copy.welcome.trialActivated)).toBeVisible();
    await expect(page.getByRole("link", { name: copy.welcome.createFirstGuide })).toHaveAttribute(
      "href",
      "/create-property",
    );

    await page.getByRole("link", { name: copy.welcome.goToDashboard }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} Ada`);
    await expect(page.getByText(copy.home.trialCountdownTitle)).toBeVisible();
    const timer = page.getByRole("timer");
    await expect(timer).toContainText(copy.home.days);
    await expect(timer).toContainText(copy.home.seconds);
    // 14-day trial: 13 whole days left a moment after sign-up.
    await expect(timer.locator('[data-unit="days"] .countdown__value')).toHaveText("13");
    const seconds = timer.locator('[data-unit="seconds"] .countdown__value');
    const before = await seconds.textContent();
    await expect(seconds).not.toHaveText(before ?? "", { timeout: 3000 });
  });

  test("a duplicate email and a weak password show their copy", async ({ page, request }) => {
    const email = uniqueEmail("dup");
    const first = await request.post("/api/auth/sign-up", { data: { firstName: "Dup", email, password: PASSWORD } });
    expect(first.status()).toBe(201);

    await page.goto("/create-account");
    await page.getByLabel(copy.createAccount.firstName).fill("Dup");
    await page.getByLabel(copy.createAccount.email).fill(email);
    await page.getByLabel(copy.createAccount.password).fill(PASSWORD);
    await page.getByRole("button", { name: copy.createAccount.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.emailTaken);

    await page.getByLabel(copy.createAccount.email).fill(uniqueEmail("weak"));
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByLabel(copy.createAccount.password).fill("password");
    await page.getByRole("button", { name: copy.createAccount.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.weakPassword);
  });

  test("a disposable email is refused (AUTH-25)", async ({ page }) => {
    let signUpCalls = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/sign-up")) signUpCalls += 1;
    });
    await page.goto("/create-account");
    await page.getByLabel(copy.createAccount.firstName).fill("Temp");
    await page.getByLabel(copy.createAccount.email).fill(`temp-${Date.now()}@mailinator.com`);
    await page.getByLabel(copy.createAccount.password).fill(PASSWORD);
    await page.getByRole("button", { name: copy.createAccount.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.invalidEmail);
    await expect(page).toHaveURL("/create-account");
    expect(signUpCalls).toBe(0);
  });

  test("a filled honeypot is refused by the server and no user is created (AUTH-28)", async ({ page }) => {
    const email = uniqueEmail("bot");
    await page.goto("/create-account");
    await page.getByLabel(copy.createAccount.firstName).fill("Bot");
    await page.getByLabel(copy.createAccount.email).fill(email);
    await page.getByLabel(copy.createAccount.password).fill(PASSWORD);
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });

    const responsePromise = page.waitForResponse((response) => response.url().endsWith("/api/auth/sign-up"));
    await page.getByRole("button", { name: copy.createAccount.submit }).click();
    const response = await responsePromise;
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "BOT_DETECTED" } });
    await expect(page.getByRole("alert")).toHaveText(copy.common.genericError);

    const login = await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(404);
    expect(await login.json()).toMatchObject({ error: { code: "USER_NOT_FOUND" } });
  });
});
