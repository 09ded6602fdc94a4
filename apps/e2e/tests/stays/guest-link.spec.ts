import { copy } from "@doorstep/shared/copy";
import { StayLinkResponse } from "@doorstep/shared/schemas/stay-links";
import { StayResponse } from "@doorstep/shared/schemas/stays";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

const c = copy.content;
const SCREENS = "/work/notes/screens";

/** A day `offset` days from today in `timeZone`, "YYYY-MM-DD" (stays are the property's wall clock). */
function dayIn(timeZone: string, offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function stayWithLink(
  request: APIRequestContext,
  data: { propertyId: string; guestFirstName: string; checkInDate: string; checkOutDate: string; doorCode: string },
) {
  const created = await request.post("/api/stays", { data: { ...data, guestEmail: "guest@example.com" } });
  expect(created.status(), await created.text()).toBe(201);
  const stay = StayResponse.parse(await created.json()).stay;
  const link = await request.get(`/api/stays/${stay.id}/link`);
  expect(link.status()).toBe(200);
  return { stay, path: new URL(StayLinkResponse.parse(await link.json()).url).pathname };
}

/** The guest's view: a fresh page without the host's cookies. */
async function guestPage(page: Page): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

test.describe("a stay's guest link on a phone", () => {
  test("a restricted door code: hidden on the public guide, shown to the ongoing stay, dated before, gone after", async ({
    loggedInPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const property = await createLivePropertyViaApi(page.request, "Harbour Loft");
    const tz = property.timeZone;

    // The host writes a "Door code" item with the stay's code inserted as a stay detail.
    await page.goto(`/property/${property.propertyId}/content/arrival`);
    await page.getByRole("button", { name: c.addCustomContent }).click();
    const dialog = page.getByRole("dialog", { name: c.editorNewTitle });
    await dialog.getByLabel(c.titleLabel).fill("Door code");
    const text = dialog.getByRole("textbox", { name: c.textLabel, exact: true });
    await text.click();
    await text.pressSequentially("Your code is ");
    await dialog.getByLabel(copy.stayDetails.insert).selectOption("doorCode");
    await expect(text.locator(".stay-chip")).toHaveText("{{stay.doorCode}}");
    // A stay detail makes the item restricted by itself.
    await expect(dialog.getByLabel(copy.stayDetails.restricted)).toBeChecked();
    await expect(dialog.getByLabel(copy.stayDetails.restricted)).toBeDisabled();
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog).toBeHidden();

    const ongoing = await stayWithLink(page.request, {
      propertyId: property.propertyId,
      guestFirstName: "Ana",
      checkInDate: dayIn(tz, -1),
      checkOutDate: dayIn(tz, 2),
      doorCode: "7391",
    });
    const future = await stayWithLink(page.request, {
      propertyId: property.propertyId,
      guestFirstName: "Ben",
      checkInDate: dayIn(tz, 30),
      checkOutDate: dayIn(tz, 33),
      doorCode: "5550",
    });
    const past = await stayWithLink(page.request, {
      propertyId: property.propertyId,
      guestFirstName: "Cleo",
      checkInDate: dayIn(tz, -5),
      checkOutDate: dayIn(tz, -1),
      doorCode: "1212",
    });

    const guest = await guestPage(page);
    // The public guide: the title and the note, never the code.
    await guest.goto(`/g/${property.propertyId}#c-arrival`);
    const item = guest.locator("article.item").filter({ hasText: "Door code" });
    await expect(item.getByText(copy.guestStay.restricted)).toBeVisible();
    expect(await guest.content()).not.toContain("7391");
    expect(await guest.content()).not.toContain("stay.doorCode");

    // The ongoing stay: welcome, and the code in the item.
    await guest.goto(ongoing.path);
    await expect(guest.getByRole("heading", { name: copy.guestStay.welcome("Ana") })).toBeVisible();
    await expect(guest.locator(".stay .code")).toHaveText("7391");
    await guest.screenshot({ path: `${SCREENS}/stay-link-during.png`, fullPage: true });
    await guest.goto(`${ongoing.path}#c-arrival`);
    await expect(guest.locator("article.item").filter({ hasText: "Door code" })).toContainText("Your code is 7391");

    // The future stay: the day the details appear, and no code.
    await guest.goto(future.path);
    await expect(guest.getByRole("heading", { name: copy.guestStay.welcome("Ben") })).toBeVisible();
    const revealDay = new Intl.DateTimeFormat("en", { dateStyle: "full", timeZone: "UTC" }).format(
      new Date(`${dayIn(tz, 29)}T00:00:00Z`),
    );
    await expect(guest.getByText(copy.guestStay.revealOn(revealDay))).toBeVisible();
    expect(await guest.content()).not.toContain("5550");
    await guest.screenshot({ path: `${SCREENS}/stay-link-before.png`, fullPage: true });

    // The past stay: it has ended, and the code is gone.
    await guest.goto(past.path);
    await expect(guest.getByText(copy.guestStay.ended)).toBeVisible();
    expect(await guest.content()).not.toContain("1212");
    await guest.screenshot({ path: `${SCREENS}/stay-link-after.png`, fullPage: true });
    await guest.context().close();

    // The host's Guest link block: the link, the opened count.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/stays/${ongoing.stay.id}`);
    const block = page.getByRole("region", { name: copy.stayLink.title });
    await expect(block.getByText(ongoing.path)).toBeVisible();
    await expect(block.getByText(/^Opened .*, 1 time$/)).toBeVisible();
    await expect(block.getByRole("button", { name: copy.stayLink.send })).toBeEnabled();
    await block.screenshot({ path: `${SCREENS}/stay-link-block.png` });
    await page.screenshot({ path: `${SCREENS}/stay-link-block-page.png`, fullPage: true });

    // "New link" asks first; the old link then stops working.
    await block.getByRole("button", { name: copy.stayLink.newLink }).click();
    const ask = page.getByRole("dialog", { name: copy.stayLink.newLink });
    await expect(ask.getByText(copy.stayLink.newLinkConfirm)).toBeVisible();
    await ask.getByRole("button", { name: copy.stayLink.newLinkConfirmButton }).click();
    await expect(block.getByText(copy.stayLink.notOpened)).toBeVisible();
    expect((await page.request.get(ongoing.path)).status()).toBe(404);
  });
});
