import { copy } from "@doorstep/shared/copy";
import { expect, makePng, test } from "../../fixtures.ts";
import { createManager, createProperty, listManagers } from "../basic-setup/property-api.ts";

const edit = (title: string) => ({ name: `${copy.common.edit} ${title}` });
const save = (title: string) => ({ name: `${copy.common.save} ${title}` });

test.describe("property managers (MGR-02…13)", () => {
  test("with no property yet the list is empty", async ({ loggedInPage: page }) => {
    await page.goto("/property-managers");
    await expect(page.getByRole("heading", { name: copy.managers.title })).toBeVisible();
    await expect(page.getByText(copy.managers.empty)).toBeVisible();
  });

  test("the default manager is listed; a new one is created and opens its profile", async ({
    loggedInPage: page,
    account,
  }) => {
    await createProperty(page.request);
    await page.goto("/property-managers");
    const list = page.getByRole("list", { name: copy.managers.title });
    const defaultCard = list.getByRole("link").first();
    await expect(defaultCard).toContainText(account.firstName);
    await expect(defaultCard).toContainText(copy.managers.defaultLabel);
    await expect(defaultCard).toContainText(copy.managers.propertyCount(1));

    await page.getByRole("link", { name: copy.managers.createNew }).click();
    await expect(page).toHaveURL(/\/create-manager$/);
    await expect(page.getByRole("link", { name: copy.managers.back })).toHaveAttribute("href", "/property-managers");
    await page.getByRole("button", { name: copy.managers.create }).click();
    await expect(page.getByText(copy.common.required)).toHaveCount(2);
    await page.getByLabel(copy.managers.firstName).fill("Ada");
    await page.getByLabel(copy.managers.lastName).fill("Lovelace");
    await page.getByRole("button", { name: copy.managers.create }).click();
    await expect(page).toHaveURL(/\/manager-profile\/\d{8}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ada Lovelace");
    await expect(page.getByText(copy.managers.noManagedProperties)).toBeVisible();

    await page.getByRole("link", { name: copy.managers.back }).click();
    const adaCard = list.getByRole("link", { name: /Ada Lovelace/ });
    await expect(adaCard).toContainText(copy.managers.propertyCount(0));
    await expect(adaCard).not.toContainText(copy.managers.defaultLabel);
  });

  test("profile values are edited on their own; a blank email hides it (MGR-08)", async ({ loggedInPage: page }) => {
    await createProperty(page.request, "Harbour View");
    const [manager] = await listManagers(page.request);
    await page.goto(`/manager-profile/${manager?.vanityId}`);
    await expect(page.getByRole("link", { name: "Harbour View" })).toHaveAttribute("href", /\/property\//);

    await page.getByRole("button", edit(copy.managers.email)).click();
    const email = page.getByLabel(copy.managers.email, { exact: true });
    await email.fill("not-an-email");
    await expect(page.getByText(copy.common.emailInvalid)).toBeVisible();
    await expect(page.getByRole("button", save(copy.managers.email))).toBeDisabled();
    await email.fill("host@example.com");
    await page.getByRole("button", save(copy.managers.email)).click();
    await expect(page.getByText("host@example.com")).toBeVisible();

    await page.getByRole("button", edit(copy.managers.email)).click();
    await expect(page.getByText(copy.managers.blankHidesHint).first()).toBeVisible();
    await email.fill("");
    await page.getByRole("button", save(copy.managers.email)).click();
    await expect(page.getByText("host@example.com")).toHaveCount(0);
    expect((await listManagers(page.request))[0]?.email).toBeNull();

    await page.getByRole("button", edit(copy.managers.messageAppLink)).click();
    await page.getByLabel(copy.managers.messageAppLink, { exact: true }).fill("https://wa.me/447700900000");
    await page.getByRole("button", save(copy.managers.messageAppLink)).click();
    await expect(page.getByText("https://wa.me/447700900000")).toBeVisible();

    await page.getByRole("button", edit(copy.managers.photo)).click();
    await page
      .getByLabel(copy.managers.photo, { exact: true })
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: makePng(120, 120) });
    await expect(page.getByRole("img", { name: copy.managers.photoPreviewAlt })).toBeVisible();
    await page.getByRole("button", save(copy.managers.photo)).click();
    await expect(page.getByRole("status").filter({ hasText: copy.uploads.uploaded })).toBeVisible();
    await expect(page.getByRole("img", { name: copy.managers.photoAlt })).toHaveAttribute("src", /w=100/);
  });

  test("delete asks first, Keep keeps, Delete goes to /manager; the default has no delete (MGR-12, XCUT-14)", async ({
    loggedInPage: page,
  }) => {
    await createProperty(page.request);
    const [defaultManager] = await listManagers(page.request);
    await page.goto(`/manager-profile/${defaultManager?.vanityId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: copy.managers.deleteManager })).toHaveCount(0);

    const other = await createManager(page.request, "Grace", "Hopper");
    await page.goto(`/manager-profile/${other.vanityId}`);
    await page.getByRole("button", { name: copy.managers.deleteManager }).click();
    const dialog = page.getByRole("dialog", { name: copy.managers.deleteManager });
    await expect(dialog).toContainText(copy.managers.deleteConfirm);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.getByRole("button", { name: copy.managers.deleteManager }).click();
    await dialog.getByRole("button", { name: copy.managers.keep, exact: true }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole("button", { name: copy.managers.deleteManager }).click();
    await dialog.getByRole("button", { name: copy.managers.delete, exact: true }).click();
    await expect(page).toHaveURL(/\/manager$/);
    await expect(page.getByRole("heading", { name: copy.deleted.title(copy.managers.managerType) })).toBeVisible();
    await page.getByRole("link", { name: copy.managers.backToList }).click();
    await expect(page).toHaveURL(/\/property-managers$/);
    await expect(page.getByRole("link", { name: /Grace Hopper/ })).toHaveCount(0);
  });

  test("an unknown manager shows a clear not-found state", async ({ loggedInPage: page }) => {
    await page.goto("/manager-profile/12345678");
    await expect(page.getByRole("heading", { name: copy.managers.notFound })).toBeVisible();
  });
});
