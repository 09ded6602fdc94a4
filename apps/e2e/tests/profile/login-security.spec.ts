import { copy } from "@doorstep/shared/copy";
import { expect, logInThroughApi, signUp, test, uniqueEmail } from "../../fixtures.ts";

test.describe("login details (AUTH-45…47)", () => {
  test("email change: a taken address is refused, a new one is saved", async ({
    loggedInPage: page,
    account,
    request,
  }) => {
    const other = await signUp(request, { firstName: "Other" });
    await page.goto("/login-security");
    await expect(page.getByText(account.email)).toBeVisible();

    const edit = page.getByRole("button", { name: `${copy.common.edit} ${copy.loginSecurity.email}` });
    const save = page.getByRole("button", { name: `${copy.common.save} ${copy.loginSecurity.email}` });
    await edit.click();
    const input = page.getByLabel(copy.loginSecurity.email);
    await input.fill(other.email);
    await save.click();
    await expect(page.getByRole("alert")).toHaveText(copy.loginSecurity.emailNotSaved);

    const newEmail = uniqueEmail("moved");
    await input.fill(newEmail);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await save.click();
    await expect(edit).toBeVisible();
    await expect(page.getByText(newEmail)).toBeVisible();

    await page.request.post("/api/auth/logout");
    await logInThroughApi(page, newEmail, account.password);
  });

  test("password change: wrong current, weak new, then success", async ({ loggedInPage: page, account }) => {
    const newPassword = "another-long-passphrase";
    await page.goto("/login-security");
    await expect(page.getByText(copy.loginSecurity.passwordMask)).toBeVisible();
    await page.getByRole("button", { name: `${copy.common.edit} ${copy.loginSecurity.password}` }).click();
    const current = page.getByLabel(copy.loginSecurity.currentPassword);
    const next = page.getByLabel(copy.loginSecurity.newPassword);
    const save = page.getByRole("button", { name: `${copy.common.save} ${copy.loginSecurity.password}` });

    await current.fill("not-my-password");
    await next.fill(newPassword);
    await save.click();
    await expect(page.getByRole("alert")).toHaveText(copy.loginSecurity.currentPasswordIncorrect);

    await current.fill(account.password);
    await next.fill("short");
    await save.click();
    await expect(page.getByRole("alert")).toHaveText(copy.errors.weakPassword);

    await next.fill(newPassword);
    await save.click();
    await expect(page.getByRole("status")).toHaveText(copy.loginSecurity.passwordSaved);

    // The new password works for the next login.
    await page.request.post("/api/auth/logout");
    const old = await page.request.post("/api/auth/login", {
      data: { email: account.email, password: account.password },
    });
    expect(old.status()).toBe(401);
    await logInThroughApi(page, account.email, newPassword);
  });
});
