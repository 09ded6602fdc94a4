import { copy } from "@doorstep/shared/copy";
import { expect, linkIn, readOutbox, signUp, test } from "../../fixtures.ts";

test.describe("auto-login with login_token (AUTH-14, IMPL-21)", () => {
  test("the welcome email's link signs in and the token leaves the address bar", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // Sign up in a separate context, so the page starts logged out.
    const other = await playwright.request.newContext({ baseURL });
    const account = await signUp(other);
    await other.dispose();

    const emails = await readOutbox(page.request, account.email);
    const withToken = emails.find((email) => email.text.includes("login_token="));
    expect(withToken, "an email with a login_token link").toBeDefined();
    const link = linkIn(withToken?.text ?? "", "/");

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} ${account.firstName}`);
    expect(new URL(page.url()).searchParams.has("login_token")).toBe(false);

    // Single use: the same link no longer signs anyone in.
    await page.request.post("/api/auth/logout");
    await page.goto(link);
    await expect(page).toHaveURL("/login");
  });

  test("an invalid token just leaves the visitor logged out", async ({ page }) => {
    await page.goto("/login-security?login_token=not-a-token");
    await expect(page).toHaveURL("/login?next=%2Flogin-security");
    await expect(page.getByRole("button", { name: copy.login.submit })).toBeVisible();
  });
});
