import fs from "node:fs";
import { copy } from "@doorstep/shared/copy";
import type { Page } from "@playwright/test";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { FEED_SERVER_URL } from "../../ports.ts";
import { createProperty } from "../basic-setup/property-api.ts";

const c = copy.stayFeeds;
const s = copy.stays;
const SCREENS = "/work/notes/screens";

// Dates are {{+N}} days from today (the feed server renders them), as the channels' own exports write them.
const event = (uid: string, from: number, to: number, summary: string) =>
  `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART;VALUE=DATE:{{+${from}}}\r\nDTEND;VALUE=DATE:{{+${to}}}\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\n`;
const calendar = (...events: string[]) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//HomeAway.com\\, Inc.//EN\r\n${events.join("")}END:VCALENDAR\r\n`;

async function serveFeed(name: string, body: string) {
  const response = await fetch(`${FEED_SERVER_URL}/control/${encodeURIComponent(name)}`, { method: "PUT", body });
  expect(response.status).toBe(204);
}

async function addFeed(page: Page, name: string, channel: string) {
  await page.getByRole("button", { name: c.add }).click();
  const dialog = page.getByRole("dialog", { name: c.add });
  await dialog.getByLabel(c.urlLabel).fill(`${FEED_SERVER_URL}/feeds/${name}.ics`);
  await dialog.getByLabel(c.channelLabel).fill(channel);
  await dialog.getByRole("button", { name: c.save }).click();
  await expect(dialog).toBeHidden();
}

test.describe("calendar feeds on a property's stays page", () => {
  test("add a feed, Sync now: its stays appear in the list and on the calendar; the feed drops one, Sync now: it is cancelled", async ({
    loggedInPage: page,
  }) => {
    const name = `e2e-${Date.now()}`;
    await serveFeed(
      name,
      calendar(
        event("rui", 1, 3, "Reserved - Rui Dias"),
        event("sara", 4, 6, "Sara Nunes"),
        event("x", 8, 12, "Blocked"),
      ),
    );
    const property = await createProperty(page.request, "Ribeira Flat");
    await page.goto(`/property/${property.propertyId}/stays`);
    const block = page.getByRole("region", { name: c.heading });
    // The block says how often feeds are read, as this server is configured (STAY_FEED_POLL_MINUTES: 15).
    await expect(block.getByText(c.intro(15))).toBeVisible();
    await expect(block.getByText(c.empty)).toBeVisible();

    // A link that is not http(s) is refused beside its field.
    await page.getByRole("button", { name: c.add }).click();
    const dialog = page.getByRole("dialog", { name: c.add });
    await dialog.getByLabel(c.urlLabel).fill("webcal://example.com/a.ics");
    await dialog.getByLabel(c.channelLabel).fill("Vrbo");
    await dialog.getByRole("button", { name: c.save }).click();
    await expect(dialog.getByText(c.invalidUrl)).toBeVisible();
    await dialog.getByRole("button", { name: c.cancel }).click();

    await addFeed(page, name, "Vrbo");
    const feed = block.getByRole("listitem").filter({ hasText: "Vrbo" });
    // The list shows the link shortened, never the whole secret link.
    await expect(feed.getByText(`127.0.0.1:`)).toBeVisible();
    await expect(feed.getByText(`${name}.ics`)).toHaveCount(0);

    await feed.getByRole("button", { name: c.syncNow }).click();
    await expect(feed.getByText(/^Last synced /)).toBeVisible();
    await expect(feed.getByText(c.skipped({ blocked: 1, recurring: 0, invalid: 0 }), { exact: false })).toBeVisible();
    const upcoming = page.getByRole("tabpanel", { name: s.tabs.upcoming });
    await expect(upcoming.getByRole("link", { name: "Rui Dias" })).toBeVisible();
    await expect(upcoming.getByRole("link", { name: "Sara Nunes" })).toBeVisible();
    const calendarRegion = page
      .getByRole("region")
      .filter({ has: page.getByRole("button", { name: s.previousMonth }) });
    await expect(calendarRegion.getByRole("link", { name: /^Rui Dias, / }).first()).toBeVisible();

    // Screenshots of the block at both widths, with a synced feed.
    fs.mkdirSync(SCREENS, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Centred, clear of the sticky header.
      await block.evaluate((el) => el.scrollIntoView({ block: "center" }));
      const box = (await block.boundingBox())!;
      // A margin round the block, so its edges and the card's border show whole.
      const clip = {
        x: Math.max(0, box.x - 8),
        y: Math.max(0, box.y - 8),
        width: Math.min(width, box.width + 16),
        height: box.height + 16,
      };
      await page.screenshot({ path: `${SCREENS}/feeds-${width}.png`, clip });
      expect(await axeViolations(page), `${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // Sara's booking leaves the feed: Sync now cancels her stay.
    await serveFeed(name, calendar(event("rui", 1, 3, "Reserved - Rui Dias")));
    await feed.getByRole("button", { name: c.syncNow }).click();
    await expect(feed.getByText(c.cancelledStays(1), { exact: false })).toBeVisible();
    await expect(upcoming.getByRole("link", { name: "Sara Nunes" })).toHaveCount(0);
    await page.getByRole("tab", { name: s.tabs.cancelled }).click();
    await expect(
      page.getByRole("tabpanel", { name: s.tabs.cancelled }).getByRole("link", { name: "Sara Nunes" }),
    ).toBeVisible();

    // Editing shows the whole link; removing asks first and keeps the stays.
    await feed.getByRole("button", { name: `${c.edit} Vrbo` }).click();
    const edit = page.getByRole("dialog", { name: c.editTitle("Vrbo") });
    await expect(edit.getByLabel(c.urlLabel)).toHaveValue(`${FEED_SERVER_URL}/feeds/${name}.ics`);
    await edit.getByRole("button", { name: c.cancel }).click();
    await feed.getByRole("button", { name: `${c.remove} Vrbo` }).click();
    const confirm = page.getByRole("dialog", { name: c.removeTitle("Vrbo") });
    await expect(confirm.getByText(c.removeBody)).toBeVisible();
    await confirm.getByRole("button", { name: c.removeConfirm }).click();
    await expect(block.getByText(c.empty)).toBeVisible();
    await page.getByRole("tab", { name: s.tabs.upcoming }).click();
    await expect(upcoming.getByRole("link", { name: "Rui Dias" })).toBeVisible();
  });
});

test("a feed that cannot be read is listed in the home's Today panel, a link to its property's feeds", async ({
  loggedInPage: page,
}) => {
  const property = await createProperty(page.request, "Alfama Loft");
  const added = await page.request.post(`/api/properties/${property.propertyId}/stay-feeds`, {
    data: { url: `${FEED_SERVER_URL}/feeds/e2e-missing-${Date.now()}.ics`, channel: "Airbnb" },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { feed } = (await added.json()) as { feed: { id: string } };
  // The calendar answers 404: the sync records the error.
  await page.request.post(`/api/stay-feeds/${feed.id}/sync`);

  await page.goto("/");
  const today = page.getByRole("region", { name: copy.today.title });
  const problems = today.getByRole("region", { name: copy.today.feedErrorsTitle });
  const link = problems.getByRole("link", { name: copy.today.feedError("Airbnb", "Alfama Loft") });
  await expect(link).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await today.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await today.screenshot({ path: `${SCREENS}/analytics-today-feed-error-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  expect(await axeViolations(page)).toEqual([]);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/property/${property.propertyId}/stays#calendar-feeds$`));
  const block = page.getByRole("region", { name: c.heading });
  await expect(block.getByRole("listitem").filter({ hasText: "Airbnb" })).toBeVisible();
});
