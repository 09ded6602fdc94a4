import { copy } from "@doorstep/shared/copy";
import { expect, linkIn, readOutbox, test, uniqueEmail } from "../../fixtures.ts";

test.describe("forgot and reset password (AUTH-34…39)", () => {
  test("request a link, reset, then log in with the new password", async ({ page, account }) => {
    const newPassword = "a-brand-new-passphrase";
    await page.goto("/login");
    await page.getByRole("link", { name: copy.login.forgotPassword }).click();
    await expect(page).toHaveURL("/forgot-password");
    await page.getByLabel(copy.forgotPassword.email).fill(account.email);
    await page.getByRole("button", { name: copy.forgotPassword.submit }).click();
    await expect(page.getByRole("status")).toHaveText(copy.forgotPassword.success);

    const emails = await readOutbox(page.request, account.email);
    const resetEmail = emails.find((email) => email.text.includes("/reset-password"));
    expect(resetEmail, "a reset email in the outbox").toBeDefined();
    const link = linkIn(resetEmail?.text ?? "", "/reset-password");
    expect(new URL(link, "http://x").searchParams.get("reset_email")).toBe(account.email);

    await page.goto(link);
    await page.getByLabel(copy.resetPassword.newPassword).fill(newPassword);
    await page.getByRole("button", { name: copy.resetPassword.submit }).click();
    await expect(page.getByRole("status")).toHaveText(copy.resetPassword.success);
    await page.getByRole("link", { name: copy.resetPassword.logIn }).click();

    await expect(page).toHaveURL("/login");
    await page.getByLabel(copy.login.email).fill(account.email);
    await page.getByLabel(copy.login.password).fill(account.password);
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.wrongPassword);
    await page.getByLabel(copy.login.password).fill(newPassword);
    await page.getByRole("button", { name: copy.login.submit }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} ${account.firstName}`);

    // The link is single use (AUTH-38).
    await page.request.post("/api/auth/logout");
    await page.goto(link);
    await page.getByLabel(copy.resetPassword.newPassword).fill("yet-another-passphrase");
    await page.getByRole("button", { name: copy.resetPassword.submit }).click();
    await expect(page.getByRole("alert")).toHaveText("Sorry, this link has expired, please request a new one here");
  });

  test("an invalid link shows the expired copy with a link to request a new one (AUTH-39)", async ({
    page,
    account,
  }) => {
    await page.goto(`/reset-password?otp_token=not-a-real-token&reset_email=${encodeURIComponent(account.email)}`);
    await page.getByLabel(copy.resetPassword.newPassword).fill("a-brand-new-passphrase");
    await page.getByRole("button", { name: copy.resetPassword.submit }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Sorry, this link has expired, please request a new one here");
    await expect(alert).toHaveText(`${copy.resetPassword.expiredBefore}${copy.resetPassword.expiredLink}`);
    await alert.getByRole("link", { name: copy.resetPassword.expiredLink }).click();
    await expect(page).toHaveURL("/forgot-password");
  });

  test("an unknown email shows the not-found copy (AUTH-36)", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel(copy.forgotPassword.email).fill(uniqueEmail("ghost"));
    await page.getByRole("button", { name: copy.forgotPassword.submit }).click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.userNotFound);
  });
});
