import { copy } from "@doorstep/shared/copy";
import { ROLE_PERMISSIONS, type Role } from "@doorstep/shared/rules/permissions";
import type { Page } from "@playwright/test";
import { axeViolations, expect, test } from "../../fixtures.ts";

const tiles = copy.home.tiles;

/**
 * Serves the signed-up user's real /api/me with the account flags changed, so the browser is shown a member or an
 * affiliate without making one (a real invited member's dashboard is in tests/team; the server's own checks of
 * these flags and roles are in its tests).
 */
async function seeUserAs(
  page: Page,
  flags: { isMaster?: boolean; isAffiliate?: boolean; role?: Role; permissions?: readonly string[] },
): Promise<void> {
  await page.route("**/api/me", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { user: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, user: { ...body.user, ...flags } } });
  });
}

test.describe("home (HOME-02…17)", () => {
  test("greeting, one banner, empty properties, tiles and header", async ({ loggedInPage: page, account }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${copy.home.welcome} ${account.firstName}`);
    await expect(page.getByRole("timer")).toBeVisible();
    await expect(page.getByText(copy.home.trialEnded)).toHaveCount(0);
    await expect(page.getByText(copy.home.referralBanner)).toHaveCount(0);

    await expect(page.getByRole("heading", { name: copy.home.recentProperties })).toBeVisible();
    await expect(page.getByText(copy.home.noProperties)).toBeVisible();
    await expect(page.getByRole("link", { name: copy.home.createNewProperty })).toHaveAttribute(
      "href",
      "/create-property",
    );

    // A new sign-up is a master account without shared content (HOME-13, HOME-14).
    const expected: [string, string][] = [
      [tiles.propertyManagers, "/property-managers"],
      [tiles.companyProfile, "/company-profile"],
      [tiles.localAreaProfiles, "/local-area-profiles"],
      [tiles.personalProfile, "/personal-information"],
      [tiles.loginDetails, "/login-security"],
      [tiles.subscription, "/subscription"],
      [tiles.referrals, "/referrals"],
      [tiles.guideAnalytics, "/guide-analytics"],
    ];
    const main = page.getByRole("main");
    for (const [name, href] of expected) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(main.getByRole("link", { name: tiles.sharedContent })).toHaveCount(0);

    // Header (HOME-16): logo, profile, logout; no messages link while messaging is off.
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: copy.header.home })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: copy.header.profile })).toHaveAttribute(
      "href",
      "/personal-information",
    );
    await expect(header.getByRole("button", { name: copy.common.logout })).toBeVisible();
    await expect(header.getByRole("link", { name: copy.header.messages })).toHaveCount(0);
  });

  test("a non-master account's home has no Subscription and Payment or Referrals tile; a master's has both (HOME-14)", async ({
    loggedInPage: page,
  }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: tiles.subscription, exact: true })).toHaveAttribute(
      "href",
      "/subscription",
    );
    await expect(main.getByRole("link", { name: tiles.referrals, exact: true })).toHaveAttribute("href", "/referrals");

    // A member (decision 056): an admin, who has everything but billing, referrals and the account itself.
    await seeUserAs(page, { isMaster: false, role: "admin", permissions: ROLE_PERMISSIONS.admin });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(copy.home.welcome);
    // The tiles for everyone stay (HOME-14): Personal Profile and Login Details.
    await expect(main.getByRole("link", { name: tiles.personalProfile, exact: true })).toHaveAttribute(
      "href",
      "/personal-information",
    );
    await expect(main.getByRole("link", { name: tiles.loginDetails, exact: true })).toHaveAttribute(
      "href",
      "/login-security",
    );
    await expect(main.getByRole("link", { name: tiles.subscription, exact: true })).toHaveCount(0);
    await expect(main.getByRole("link", { name: tiles.referrals, exact: true })).toHaveCount(0);
  });

  test("an affiliate account at / gets the affiliate dashboard, not the host dashboard (HOME-01)", async ({
    loggedInPage: page,
    account,
  }) => {
    await seeUserAs(page, { isAffiliate: true });
    await page.goto("/");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.affiliates.welcome(account.firstName));
    await expect(page.getByRole("main").getByRole("link", { name: copy.affiliates.tiles.referrals })).toBeVisible();
    await expect(page.getByRole("heading", { name: copy.home.recentProperties })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: tiles.propertyManagers, exact: true })).toHaveCount(
      0,
    );
  });

  test("tiles lead to their pages, which lead back", async ({ loggedInPage: page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: tiles.guideAnalytics, exact: true }).click();
    await expect(page).toHaveURL("/guide-analytics");
    await expect(
      page.getByRole("heading", { level: 1, name: copy.placeholderPage.titles.guideAnalytics }),
    ).toBeVisible();
    await page.getByRole("link", { name: copy.common.backToDashboard }).first().click();
    await expect(page).toHaveURL("/");
    await page.getByRole("link", { name: tiles.localAreaProfiles, exact: true }).click();
    await expect(page).toHaveURL("/local-area-profiles");
    await expect(page.getByRole("heading", { level: 1, name: copy.localArea.profilesTitle })).toBeVisible();
    await expect(page.getByText(copy.localArea.noProfiles)).toBeVisible();
    await page.getByRole("link", { name: copy.common.backToDashboard }).first().click();
    await expect(page).toHaveURL("/");
  });

  test("the header shrinks after 100 px of scroll (HOME-17)", async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: 1024, height: 400 });
    await page.goto("/");
    await expect(page.getByRole("link", { name: copy.home.tiles.guideAnalytics })).toBeVisible();
    const header = page.locator("header.header");
    await expect(header).not.toHaveClass(/header--compact/);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect(header).toHaveClass(/header--compact/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/header--compact/);
  });

  test("short labels at 800 px and less (HOME-20, XCUT-51)", async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/login-security");
    await expect(page.getByRole("link", { name: copy.common.back, exact: true })).toBeVisible();
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.getByRole("link", { name: copy.common.backToDashboard })).toBeVisible();
  });

  test("home has no axe violations", async ({ loggedInPage: page }) => {
    await page.goto("/");
    await expect(page.getByRole("timer")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("login has no axe violations", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: copy.login.submit })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
