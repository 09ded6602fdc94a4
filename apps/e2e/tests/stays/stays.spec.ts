import { copy } from "@doorstep/shared/copy";
import { StayResponse } from "@doorstep/shared/schemas/stays";
import type { APIRequestContext } from "@playwright/test";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { createProperty } from "../basic-setup/property-api.ts";

const c = copy.stays;

/** A day `offset` days from today in `timeZone`, "YYYY-MM-DD" (stays are the property's wall clock). */
function dayIn(timeZone: string, offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function createStayViaApi(
  request: APIRequestContext,
  data: {
    propertyId: string;
    guestFirstName: string;
    guestLastName: string;
    checkInDate: string;
    checkOutDate: string;
  },
) {
  const response = await request.post("/api/stays", { data });
  expect(response.status(), await response.text()).toBe(201);
  return StayResponse.parse(await response.json()).stay;
}

test.describe("stays in the dashboard", () => {
  test("add a stay by hand on the property's stays page, see it on the calendar and in the list, edit it, cancel it", async ({
    loggedInPage: page,
  }) => {
    const property = await createProperty(page.request, "Harbour Loft");
    const checkIn = dayIn(property.timeZone, 0);
    const checkOut = dayIn(property.timeZone, 2);

    // The overview's Stays block leads to the property's stays.
    await page.goto(`/property/${property.propertyId}`);
    await page.getByRole("link", { name: c.openStays }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.propertyStaysTitle(property.title) })).toBeVisible();
    const calendar = page.getByRole("region").filter({ has: page.getByRole("button", { name: c.previousMonth }) });
    await expect(calendar.locator('[aria-current="date"]')).toHaveCount(1);

    await page.getByRole("button", { name: c.add }).click();
    const form = page.getByRole("dialog", { name: c.addTitle });
    // The property is already chosen here: the form does not ask for it.
    await expect(form.getByLabel(c.fields.property)).toHaveCount(0);
    await form.getByLabel(c.fields.guestFirstName).fill("Ana");
    await form.getByLabel(c.fields.guestLastName).fill("Lopes");
    // The guest's phone, typed as the host knows it in the chosen country (stored as E.164).
    const phone = form.getByRole("group", { name: c.fields.guestPhone });
    await phone.getByLabel(copy.phone.country).selectOption("PT");
    await phone.getByLabel(copy.phone.number).fill("912 345 678");
    await form.getByLabel(c.fields.checkInDate).fill(checkIn);
    await form.getByLabel(c.fields.checkOutDate).fill(checkIn);
    await form.getByLabel(c.fields.checkInTime).fill("15:00");
    await form.getByLabel(c.fields.checkOutTime).fill("11:00");
    await form.getByRole("button", { name: c.save }).click();
    // Check-out before check-in is refused beside the field; the dialog stays open.
    await expect(form.getByText(c.checkOutBeforeCheckIn)).toBeVisible();
    await form.getByLabel(c.fields.checkOutDate).fill(checkOut);
    await form.getByLabel(c.fields.adults).fill("2");
    await form.getByRole("button", { name: c.save }).click();
    await expect(form).toBeHidden();

    // On the calendar (a bar that links to the stay) and in the list below it.
    const bar = calendar.getByRole("link", { name: /^Ana Lopes, / });
    await expect(bar).toBeVisible();
    const list = page.getByRole("tabpanel", { name: c.tabs.upcoming });
    await expect(list.getByRole("link", { name: "Ana Lopes" })).toBeVisible();
    await expect(list.getByText(c.guestsCount(2, 0))).toBeVisible();
    await expect(list.getByText(c.sources.manual)).toBeVisible();

    // Month by month, the month in a heading and in the address.
    const month = calendar.getByRole("heading", { level: 2 });
    const thisMonth = (await month.textContent()) ?? "";
    await calendar.getByRole("button", { name: c.nextMonth }).click();
    await expect(month).not.toHaveText(thisMonth);
    await expect(page).toHaveURL(/[?&]month=\d{4}-\d{2}/);
    await calendar.getByRole("button", { name: c.previousMonth }).click();
    await expect(month).toHaveText(thisMonth);
    await expect(page).not.toHaveURL(/month=/);

    await bar.click();
    await expect(page.getByRole("heading", { level: 1, name: "Ana Lopes" })).toBeVisible();
    await expect(page.getByText(c.timesIn(property.timeZone))).toBeVisible();
    await expect(page.getByText("+351 912 345 678")).toBeVisible();

    // Edit the notes with the same form.
    await page.getByRole("button", { name: c.editTitle }).click();
    const edit = page.getByRole("dialog", { name: c.editTitle });
    await expect(edit.getByLabel(c.fields.guestFirstName)).toHaveValue("Ana");
    await edit.getByLabel(c.fields.notes).fill("Arrives late, by ferry.");
    await edit.getByRole("button", { name: c.save }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText("Arrives late, by ferry.")).toBeVisible();

    // Cancel, asked first.
    await page.getByRole("button", { name: c.cancel }).click();
    const confirm = page.getByRole("dialog", { name: c.cancelTitle });
    await expect(confirm.getByText(c.cancelConfirm)).toBeVisible();
    await confirm.getByRole("button", { name: c.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(c.cancelledNotice)).toBeVisible();
    await expect(page.getByRole("button", { name: c.cancel })).toHaveCount(0);

    // Under "Cancelled" on /stays, no longer under "Upcoming".
    await page.goto("/stays");
    await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: c.tabs.upcoming }).getByText(c.empty)).toBeVisible();
    await page.getByRole("tab", { name: c.tabs.cancelled }).click();
    const cancelled = page.getByRole("tabpanel", { name: c.tabs.cancelled });
    await expect(cancelled.getByRole("link", { name: "Ana Lopes" })).toBeVisible();
    await expect(page).toHaveURL(/[?&]tab=cancelled/);
  });

  test("search by guest name on /stays, kept in the address; the tabs answer the keyboard", async ({
    loggedInPage: page,
  }) => {
    const property = await createProperty(page.request, "Dune Cottage");
    const day = (offset: number) => dayIn(property.timeZone, offset);
    const base = { propertyId: property.propertyId };
    await createStayViaApi(page.request, {
      ...base,
      guestFirstName: "Ben",
      guestLastName: "Carter",
      checkInDate: day(3),
      checkOutDate: day(5),
    });
    await createStayViaApi(page.request, {
      ...base,
      guestFirstName: "Chloe",
      guestLastName: "Dunn",
      checkInDate: day(6),
      checkOutDate: day(9),
    });

    // The home's Stays tile counts them and leads to /stays.
    await page.goto("/");
    const tile = page.getByRole("main").getByRole("link", { name: new RegExp(`^${copy.home.tiles.stays}`) });
    await expect(tile).toHaveAttribute("href", "/stays");
    await expect(tile).toContainText(copy.home.tiles.staysUpcoming(2));
    await tile.click();
    const upcoming = page.getByRole("tabpanel", { name: c.tabs.upcoming });
    await expect(upcoming.getByRole("link", { name: "Ben Carter" })).toBeVisible();
    await expect(upcoming.getByRole("link", { name: "Chloe Dunn" })).toBeVisible();
    await expect(upcoming.getByText(property.title).first()).toBeVisible();

    await page.getByLabel(c.search).fill("carter");
    await expect(upcoming.getByRole("link", { name: "Chloe Dunn" })).toHaveCount(0);
    await expect(upcoming.getByRole("link", { name: "Ben Carter" })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=carter/);

    // Back returns to the unsearched list, and the box follows the address.
    await page.goBack();
    await expect(page.getByLabel(c.search)).toHaveValue("");
    await expect(upcoming.getByRole("link", { name: "Chloe Dunn" })).toBeVisible();
    await page.goForward();
    await expect(page.getByLabel(c.search)).toHaveValue("carter");

    // Tabs: one tab stop, arrows move and choose.
    await page.getByRole("tab", { name: c.tabs.upcoming }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: c.tabs.past })).toBeFocused();
    await expect(page.getByRole("tab", { name: c.tabs.past })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: c.tabs.past }).getByText(c.noMatches)).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`the stays pages and the add form have no axe violations and fit ${width} px`, async ({
      loggedInPage: page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 844 });
      const property = await createProperty(page.request, "Harbour Loft");
      const day = (offset: number) => dayIn(property.timeZone, offset);
      const stay = await createStayViaApi(page.request, {
        propertyId: property.propertyId,
        guestFirstName: "Ana",
        guestLastName: "Lopes",
        checkInDate: day(-1),
        checkOutDate: day(2),
      });
      await createStayViaApi(page.request, {
        propertyId: property.propertyId,
        guestFirstName: "Ben",
        guestLastName: "Carter",
        checkInDate: day(1),
        checkOutDate: day(3),
      });
      const pages: [string, string][] = [
        ["/stays", c.title],
        [`/stays/${stay.id}`, "Ana Lopes"],
        [`/property/${property.propertyId}/stays`, c.propertyStaysTitle(property.title)],
      ];
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText(c.doubleBooking).first()).toBeVisible();
        expect(await axeViolations(page), path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
      // The add form, with its errors showing.
      await page.getByRole("button", { name: c.add }).click();
      await page.getByRole("dialog", { name: c.addTitle }).getByRole("button", { name: c.save }).click();
      await expect(page.getByText(copy.common.required).first()).toBeVisible();
      expect(await axeViolations(page), "add stay").toEqual([]);
    });
  }
});
