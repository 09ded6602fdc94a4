import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";

/**
 * The dashboard's CSP has no 'unsafe-eval'; a probe for `new Function` that the code catches is still reported
 * as a violation (zod's, before it was made jitless in the bundle). Every dashboard route is loaded with a
 * listener for `securitypolicyviolation`: none may fire.
 */
const ROUTES = [
  "/",
  "/personal-information",
  "/login-security",
  "/properties",
  "/create-property",
  "/property/:propertyId",
  "/property/:propertyId/property-details",
  "/property-deleted",
  "/property-managers",
  "/create-manager",
  "/manager-profile/unknown",
  "/manager",
  "/company-profile",
  "/create-company",
  "/property/:propertyId/content/arrival",
  "/shared-content",
  "/subscription",
  "/guide-analytics",
  "/bulk-updates",
  "/messaging",
  "/messaging-settings",
  "/property/:propertyId/messaging",
  "/local-area-profiles",
  "/create-local-area-profile",
  "/local-area-profile-deleted",
  "/property/:propertyId/local-area",
  "/subscription-success",
  "/cancellation",
  "/referrals",
  "/setup-place",
  "/property/:propertyId/setup-basics",
  "/property/:propertyId/setup-payment",
  "/property/:propertyId/setup-complete",
  "/welcome",
  "/no-such-page",
];
const LOGGED_OUT = [
  "/login",
  "/create-account",
  "/try-free",
  "/forgot-password",
  "/reset-password",
  "/create-affiliate-account",
];

type Violations = { directive: string; blockedURI: string; sourceFile: string }[];

test.describe("the dashboard under its CSP", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const seen: { directive: string; blockedURI: string; sourceFile: string }[] = [];
      (window as unknown as { __violations: typeof seen }).__violations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push({ directive: event.effectiveDirective, blockedURI: event.blockedURI, sourceFile: event.sourceFile }),
      );
    });
  });

  const violations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __violations: Violations }).__violations);

  test("reports no violation on any page, logged out", async ({ page }) => {
    for (const path of LOGGED_OUT) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await violations(page), path).toEqual([]);
    }
  });

  test("reports no violation on any page, logged in", async ({ loggedInPage: page }) => {
    const propertyId = `csp-${Date.now()}`;
    const created = await page.request.post("/api/properties", { data: { title: "CSP Cottage", propertyId } });
    expect(created.status(), await created.text()).toBe(201);
    test.setTimeout(240_000);
    for (const route of ROUTES) {
      const path = route.replace(":propertyId", propertyId);
      await page.goto(path);
      // The page's own chunk has run once it shows a heading (live updates keep the network busy for ever).
      await expect(page.getByRole("heading").first()).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
  });
});
