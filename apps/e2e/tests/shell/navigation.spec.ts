import { copy } from "@doorstep/shared/copy";
import { StayResponse } from "@doorstep/shared/schemas/stays";
import type { Page } from "@playwright/test";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { createProperty } from "../basic-setup/property-api.ts";

const n = copy.nav;

// What a new sign-up (the account's owner, messaging off) may open, in the order the navigation lists it.
const areas: [label: string, path: string][] = [
  [n.home, "/"],
  [n.properties, "/properties"],
  [n.stays, "/stays"],
  [n.scheduledMessages, "/scheduled-messages"],
  [n.orders, "/orders"],
  [n.store, "/store"],
  [n.sharedContent, "/shared-content"],
  [n.localAreas, "/local-area-profiles"],
  [n.managers, "/property-managers"],
  [n.company, "/company-profile"],
  [n.bulkUpdates, "/bulk-updates"],
  [n.analytics, "/guide-analytics"],
  [n.apiKeys, "/api-keys"],
  [n.team, "/team"],
  [n.activity, "/activity"],
  [n.subscription, "/subscription"],
  [n.referrals, "/referrals"],
  [n.personalInformation, "/personal-information"],
  [n.loginSecurity, "/login-security"],
  [n.support, "/support"],
];

const navOf = (page: Page) => page.getByRole("navigation", { name: copy.common.mainNavigation });

/** A day `offset` days from today in `timeZone`, "YYYY-MM-DD" (stays are the property's wall clock). */
function dayIn(timeZone: string, offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

test.describe("the app shell's navigation", () => {
  test("at 1280 px the sidebar reaches every area it lists and marks the current page", async ({
    loggedInPage: page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const nav = navOf(page);
    await expect(nav.getByRole("link")).toHaveText(areas.map(([label]) => label));
    await expect(page.getByRole("button", { name: n.menu })).toBeHidden();
    for (const [label, path] of areas) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(nav.locator('[aria-current="page"]')).toHaveText(label);
    }
  });

  test("at 390 px a menu button opens the same list, one line of header, one back link", async ({
    loggedInPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const menu = page.getByRole("banner").getByRole("button", { name: n.menu });
    const nav = navOf(page);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    // The header holds its buttons on one line.
    const logout = page.getByRole("banner").getByRole("button", { name: copy.common.logout });
    expect((await logout.boundingBox())!.height).toBeLessThan(44);
    expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(57);

    for (const [label, path] of areas) {
      await menu.click();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      await expect(nav).toBeVisible();
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await expect(nav).toBeHidden();
    }

    // Focus goes into the list when it opens and back to the button on Escape; the current page is marked.
    await menu.click();
    await expect(nav.getByRole("link", { name: n.home })).toBeFocused();
    await expect(nav.locator('[aria-current="page"]')).toHaveText(n.support);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // A page with its own back link has no second one in the header.
    await page.goto("/property-managers");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const backLinks = new RegExp(`^\\s*(${copy.common.back}|${copy.common.backToDashboard})\\s*$`);
    await expect(page.getByRole("link", { name: backLinks })).toHaveCount(1);
    // A page without one keeps the header's.
    await page.goto("/login-security");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: backLinks })).toHaveCount(1);
  });

  test("Messages is listed once messaging is on, and Today links to it", async ({ loggedInPage: page }) => {
    // No product flow switches messaging on in a browser yet: the account's flag is shown changed (as home.spec
    // does); the badge's count is in the navigation's unit test.
    await page.route("**/api/me", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { user: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, user: { ...body.user, messagingActive: true } } });
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(navOf(page).getByRole("link", { name: n.messages, exact: true })).toHaveAttribute(
      "href",
      "/messaging",
    );
    await expect(page.getByRole("main").getByRole("link", { name: copy.today.noUnread })).toHaveAttribute(
      "href",
      "/messaging",
    );
  });

  test("Today lists an arrival with a link to its stay", async ({ loggedInPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const today = page.getByRole("region", { name: copy.today.title });
    await expect(today.getByText(copy.today.quiet)).toBeVisible();

    const property = await createProperty(page.request, "Harbour Loft");
    const response = await page.request.post("/api/stays", {
      data: {
        propertyId: property.propertyId,
        guestFirstName: "Marta",
        guestLastName: "Reis",
        checkInDate: dayIn(property.timeZone, 0),
        checkInTime: "16:00",
        checkOutDate: dayIn(property.timeZone, 3),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const stay = StayResponse.parse(await response.json()).stay;

    await page.reload();
    const arrivals = today.getByRole("region", { name: copy.today.arrivals });
    const link = arrivals.getByRole("link", { name: /Marta Reis/ });
    await expect(link).toHaveAttribute("href", `/stays/${stay.id}`);
    await expect(link).toContainText("Harbour Loft");
    await expect(link).toContainText("16:00");
    await expect(arrivals.getByRole("heading", { name: copy.today.days.today })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await expect(page).toHaveURL(`/stays/${stay.id}`);
    await expect(navOf(page).locator('[aria-current="page"]')).toHaveText(n.stays);
  });
});
