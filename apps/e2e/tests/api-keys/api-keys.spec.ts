import { copy } from "@doorstep/shared/copy";
import { axeViolations, expect, test } from "../../fixtures.ts";

const k = copy.apiKeys;

test("create an API key, see it once, find it listed by its prefix, revoke it after confirming", async ({
  loggedInPage: page,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  // Reached from the home's account tiles.
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: copy.home.tiles.apiKeys }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(page.getByRole("heading", { level: 1, name: k.title })).toBeVisible();
  await expect(page.getByText(k.intro)).toBeVisible();
  // What a key can do, said exactly: the stays API and nothing else.
  await expect(page.getByText(k.scope)).toBeVisible();
  await expect(page.getByText(k.retries)).toBeVisible();
  await expect(page.getByRole("link", { name: k.docsLink })).toHaveAttribute("href", "/api/docs");
  await expect(page.getByText(k.empty)).toBeVisible();

  // A name is required.
  await page.getByRole("button", { name: k.create }).click();
  await expect(page.getByText(copy.common.required)).toBeVisible();

  await page.getByLabel(k.nameLabel).fill("Hostaway");
  await page.getByRole("button", { name: k.create }).click();
  const secret = page.getByLabel(k.newKeyLabel, { exact: true });
  await expect(secret).toHaveAttribute("readonly", "");
  const key = await secret.inputValue();
  expect(key).toMatch(/^dsk_live_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(k.shownOnce)).toBeVisible();
  await page.getByRole("button", { name: k.copyKey }).click();
  await expect(page.getByRole("status").filter({ hasText: k.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const row = page.getByRole("row").filter({ hasText: "Hostaway" });
  await expect(row).toContainText(`${key.slice(0, 17)}…`);
  await expect(row).toContainText(k.active);
  await expect(row).toContainText(k.neverUsed);
  expect(await axeViolations(page)).toEqual([]);

  if (process.env.API_KEYS_SCREENSHOTS) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(secret).toBeVisible();
      await page.screenshot({ path: `${process.env.API_KEYS_SCREENSHOTS}/api-keys-new-${width}.png`, fullPage: true });
    }
  }

  // Shown once: after a reload only the prefix is left.
  await page.reload();
  await expect(page.getByLabel(k.newKeyLabel, { exact: true })).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(row).toContainText(`${key.slice(0, 17)}…`);

  // Revoking asks first; "Cancel" changes nothing.
  await row.getByRole("button", { name: k.revoke }).click();
  const dialog = page.getByRole("dialog", { name: k.revokeTitle });
  await expect(dialog).toContainText(k.revokeBody("Hostaway"));
  await dialog.getByRole("button", { name: k.cancel }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(k.active);

  await row.getByRole("button", { name: k.revoke }).click();
  await dialog.getByRole("button", { name: k.revokeConfirm }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: k.revokedNotice("Hostaway") })).toBeVisible();
  await expect(row).toContainText(k.revoked);
  await expect(row.getByRole("button", { name: k.revoke })).toHaveCount(0);

  // The key is refused by the API from now on.
  const res = await page.request.get("/api/api-keys", { headers: { authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(401);

  if (process.env.API_KEYS_SCREENSHOTS) {
    await page.getByLabel(k.nameLabel).fill("Guesty sync");
    await page.getByRole("button", { name: k.create }).click();
    await expect(page.getByLabel(k.newKeyLabel, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: k.done }).click();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole("row").filter({ hasText: "Guesty sync" })).toBeVisible();
      await page.screenshot({ path: `${process.env.API_KEYS_SCREENSHOTS}/api-keys-list-${width}.png`, fullPage: true });
    }
    await page.getByRole("row").filter({ hasText: "Guesty sync" }).getByRole("button", { name: k.revoke }).click();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: `${process.env.API_KEYS_SCREENSHOTS}/api-keys-revoke-${width}.png` });
    }
  }
});
