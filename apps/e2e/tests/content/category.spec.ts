import { copy } from "@doorstep/shared/copy";
import { ContentOverviewResponse } from "@doorstep/shared/schemas/content";
import { expect, test } from "../../fixtures.ts";
import { createPropertyViaApi } from "../properties/property-api.ts";

const c = copy.content;

test.describe("category pages", () => {
  test("a sub-category has one address: a wrong parent is not found, a missing one redirects (OPEN-42)", async ({
    loggedInPage: page,
  }) => {
    const property = await createPropertyViaApi(page.request, "Orchard Barn");
    const base = `/property/${property.propertyId}/content`;

    await page.goto(`${base}/appliances/kitchen`);
    await expect(page.getByRole("heading", { level: 1, name: "Kitchen" })).toBeVisible();
    await expect(page.getByRole("link", { name: c.backToSection("Appliances") })).toBeVisible();

    for (const wrong of [
      `${base}/bogus/kitchen`,
      `${base}/house-rules/kitchen`,
      `${base}/laundry/kitchen`,
      `${base}/appliances/house-rules`,
    ]) {
      await page.goto(wrong);
      await expect(page.getByRole("heading", { level: 1, name: c.notFound }), wrong).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Kitchen" })).toBeHidden();
    }

    await page.goto(`${base}/kitchen`);
    await expect(page).toHaveURL(`${base}/appliances/kitchen`);
    await expect(page.getByRole("heading", { level: 1, name: "Kitchen" })).toBeVisible();

    // The same rule on the shared-content pages (SHARED-03).
    const shared = (await (await page.request.post("/api/shared-content")).json()) as { propertyId: string };
    await page.goto(`/shared-content/${shared.propertyId}/content/bogus/kitchen`);
    await expect(page.getByRole("heading", { level: 1, name: c.notFound })).toBeVisible();
    await page.goto(`/shared-content/${shared.propertyId}/content/kitchen`);
    await expect(page).toHaveURL(`/shared-content/${shared.propertyId}/content/appliances/kitchen`);
  });

  test("suggested items flagged required say Recommended; the overview shows each section's filled suggestions (CONT-06/15)", async ({
    loggedInPage: page,
  }) => {
    const property = await createPropertyViaApi(page.request, "Quay Flat");
    const base = `/property/${property.propertyId}/content`;
    await page.goto(`${base}/arrival`);
    const suggested = page.getByRole("region", { name: c.templatesHeading });
    const row = (title: string) => suggested.getByRole("listitem").filter({ hasText: title });
    await expect(row("Check-in time")).toContainText(c.required);
    await expect(row("Luggage storage")).toBeVisible();
    await expect(row("Luggage storage")).not.toContainText(c.required);

    // Fill one suggestion in Arrival and one in a sub-category of Appliances; a suggestion added with nothing
    // written is not filled (decision 023).
    for (const data of [
      { categoryLabel: "arrival", templateLabel: "check-in-time", title: "Check-in time", detailText: "<p>4 pm</p>" },
      { categoryLabel: "kitchen", templateLabel: "oven-and-hob", title: "Oven & hob", describe: "Gas hob" },
      { categoryLabel: "house-rules", templateLabel: "no-smoking", title: "Smoking" },
    ]) {
      const res = await page.request.post(`/api/properties/${property.propertyId}/content/items`, { data });
      expect(res.status(), await res.text()).toBe(201);
    }
    const overview = ContentOverviewResponse.parse(
      await (await page.request.get(`/api/properties/${property.propertyId}/content`)).json(),
    );
    const templatesOf = (label: string) => {
      const category = overview.categories.find((k) => k.label === label)!;
      return category.templateCount + category.children.reduce((n, k) => n + k.templateCount, 0);
    };
    expect(templatesOf("appliances")).toBeGreaterThan(5);

    // A parent's page lists its sub-categories the same way.
    await page.goto(`${base}/appliances`);
    const kitchen = overview.categories
      .find((k) => k.label === "appliances")!
      .children.find((k) => k.label === "kitchen")!;
    await expect(page.getByRole("link", { name: /Kitchen/ })).toContainText(
      c.templatesFilled(1, kitchen.templateCount),
    );

    await page.goto(`/property/${property.propertyId}`);
    const sections = page.getByRole("region", { name: copy.properties.contentSections });
    await expect(sections.getByRole("link", { name: /Arrival & check-in/ })).toContainText(
      c.templatesFilled(1, templatesOf("arrival")),
    );
    await expect(sections.getByRole("link", { name: /Appliances/ })).toContainText(
      c.templatesFilled(1, templatesOf("appliances")),
    );
    await expect(sections.getByRole("link", { name: /House rules/ })).toContainText(
      c.templatesFilled(0, templatesOf("house-rules")),
    );
  });
});
