import { copy } from "@doorstep/shared/copy";
import { PROPERTIES_PAGE_SIZE } from "@doorstep/shared/constants";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "./property-api.ts";

const t = copy.properties;
const TITLES = ["Harbour View", "Meadow Cottage", "Old Mill Loft", "Pine Lodge", "Quayside Flat", "Rose Barn"];

test.describe("properties list and home tiles (PROP-04/05, HOME-08…12, HOME-19/20)", () => {
  test("search as you type finds one of six; no match has its own text", async ({ loggedInPage: page }) => {
    for (const title of TITLES) await createLivePropertyViaApi(page.request, title);
    await page.goto("/properties");
    await expect(page.getByRole("heading", { name: t.title, level: 1 })).toBeVisible();
    const list = page.getByRole("list", { name: t.title });
    await expect(list.getByRole("listitem")).toHaveCount(6);
    // Newest change first (HOME-21).
    await expect(list.getByRole("heading").first()).toHaveText("Rose Barn");
    await expect(list.getByRole("link", { name: /Pine Lodge/ })).toHaveAttribute("href", /^\/property\//);
    await expect(list.getByText(copy.propertyStatus.live)).toHaveCount(6);

    const search = page.getByLabel(t.searchLabel);
    await expect(search).toHaveAttribute("placeholder", t.search);
    await search.fill("mill");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("heading")).toHaveText("Old Mill Loft");
    await expect(page).toHaveURL(/\?search=mill$/);

    await search.fill("nowhere at all");
    await expect(page.getByText(t.noMatches)).toBeVisible();
    await search.fill("");
    await expect(list.getByRole("listitem")).toHaveCount(6);
  });

  test("empty list, header Create property (short at 800 px)", async ({ loggedInPage: page }) => {
    await page.goto("/properties");
    await expect(page.getByText(t.empty)).toBeVisible();
    await expect(page.getByLabel(t.searchLabel)).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: t.createNew })).toHaveAttribute(
      "href",
      "/create-property",
    );
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: copy.header.createProperty })).toHaveAttribute(
      "href",
      "/create-property",
    );
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(header.getByRole("link", { name: copy.header.create, exact: true })).toBeVisible();
  });

  test("Show more properties loads the next page", async ({ loggedInPage: page }) => {
    const count = PROPERTIES_PAGE_SIZE + 2;
    for (let i = 1; i <= count; i++) await createLivePropertyViaApi(page.request, `Unit ${String(i).padStart(2, "0")}`);
    await page.goto("/properties");
    const list = page.getByRole("list", { name: t.title });
    await expect(list.getByRole("listitem")).toHaveCount(PROPERTIES_PAGE_SIZE);
    await expect(page.getByText(t.count(count))).toBeVisible();
    await page.getByRole("button", { name: t.loadMore }).click();
    await expect(list.getByRole("listitem")).toHaveCount(count);
    await expect(page.getByRole("button", { name: t.loadMore })).toHaveCount(0);
    await expect(list.getByRole("heading").last()).toHaveText("Unit 01");
  });

  test("home shows the four most recent and View all (N)", async ({ loggedInPage: page }) => {
    await page.goto("/");
    await expect(page.getByText(copy.home.noProperties)).toBeVisible();
    for (const title of TITLES.slice(0, 4)) await createLivePropertyViaApi(page.request, title);
    await page.reload();
    const tiles = page.getByRole("list", { name: copy.home.recentProperties });
    await expect(tiles.getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("link", { name: copy.home.viewAll(4) })).toHaveCount(0);

    for (const title of TITLES.slice(4)) await createLivePropertyViaApi(page.request, title);
    await page.reload();
    await expect(tiles.getByRole("listitem")).toHaveCount(4);
    await expect(tiles.getByRole("heading")).toHaveText(["Rose Barn", "Quayside Flat", "Pine Lodge", "Old Mill Loft"]);
    await expect(tiles.getByText(copy.propertyStatus.live)).toHaveCount(4);
    await page.getByRole("link", { name: copy.home.viewAll(6) }).click();
    await expect(page).toHaveURL("/properties");
    await expect(page.getByRole("list", { name: t.title }).getByRole("listitem")).toHaveCount(6);

    await page.goto("/");
    await tiles.getByRole("link", { name: /Pine Lodge/ }).click();
    await expect(page).toHaveURL(/\/property\/[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pine Lodge");
    // PROP-14: from home the back link leads home.
    await expect(page.getByRole("main").getByRole("link", { name: copy.common.backToDashboard })).toHaveAttribute(
      "href",
      "/",
    );
  });
});
