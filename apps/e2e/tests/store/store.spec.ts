import { copy } from "@doorstep/shared/copy";
import { StayLinkResponse } from "@doorstep/shared/schemas/stay-links";
import { StayResponse } from "@doorstep/shared/schemas/stays";
import type { APIRequestContext, Page } from "@playwright/test";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

const s = copy.store;
const o = copy.orders;
const g = copy.guestStore;
const SCREENS = "/work/notes/screens";

/** A day `offset` days from today in `timeZone`, "YYYY-MM-DD" (stays are the property's wall clock). */
function dayIn(timeZone: string, offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function ongoingStay(request: APIRequestContext, propertyId: string, timeZone: string) {
  const created = await request.post("/api/stays", {
    data: {
      propertyId,
      guestFirstName: "Ana",
      guestLastName: "Lopez",
      guestEmail: "ana@example.com",
      checkInDate: dayIn(timeZone, -1),
      checkOutDate: dayIn(timeZone, 1),
      checkOutTime: "11:00",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const stay = StayResponse.parse(await created.json()).stay;
  const link = await request.get(`/api/stays/${stay.id}/link`);
  return { stay, path: new URL(StayLinkResponse.parse(await link.json()).url).pathname };
}

/** The guest's phone: a fresh context without the host's cookies. */
async function guestPhone(page: Page): Promise<Page> {
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

async function payWith(guest: Page, slot: string, number: string) {
  await guest.getByRole("radio", { name: slot }).check();
  await guest.getByLabel(g.cardNumber).fill(number);
  await guest.getByLabel(g.expiry).fill("12/34");
  await guest.getByLabel(g.cvc).fill("123");
  await guest.getByRole("button", { name: g.confirmRequest }).click();
}

test.describe("the guest store", () => {
  test("a late check-out asked for on a phone, approved by the host, moves the stay; a declined card makes no order", async ({
    loggedInPage: page,
    account,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The host makes a late check-out offer that needs approval, from the navigation.
    await page.goto("/");
    await page.getByRole("navigation").getByRole("link", { name: s.title }).first().click();
    await expect(page.getByRole("heading", { name: s.title, level: 1 })).toBeVisible();
    await expect(page.getByText(s.localGateway)).toBeVisible();
    await page.getByRole("link", { name: s.newOffer }).click();
    await page.getByLabel(s.type).selectOption("late-check-out");
    await page.getByLabel(s.offerTitle).fill("Late check-out");
    await page.getByLabel(s.description).fill("Enjoy a slow morning.");
    await page.getByLabel(`${s.slotTime} 1`, { exact: true }).fill("13:00");
    await page.getByLabel(`${s.slotPrice} 1`, { exact: true }).fill("30.00");
    await page.getByRole("button", { name: s.addSlot }).click();
    await page.getByLabel(`${s.slotTime} 2`, { exact: true }).fill("14:00");
    await page.getByLabel(`${s.slotPrice} 2`, { exact: true }).fill("50.00");
    await page.getByLabel(s.confirmations.approve).check();
    await expect(page.getByLabel(s.allProperties)).toBeChecked();
    await expect(page.getByLabel(s.active)).toBeChecked();
    await page.screenshot({ path: `${SCREENS}/store-offer-form-1280.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: s.save }).click();
    await expect(page.getByRole("heading", { name: s.editOffer, level: 1 })).toBeVisible();
    await expect(page.getByLabel(s.photo)).toBeAttached();
    await page.goto("/store");
    await expect(page.getByRole("heading", { name: "Late check-out", level: 2 })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/store-list-1280.png`, fullPage: true });

    const property = await createLivePropertyViaApi(page.request, "Harbour Loft");
    const { stay, path } = await ongoingStay(page.request, property.propertyId, property.timeZone);

    // The guest, on a phone, finds Extras on the stay link's home and asks for 13:00 with 4242.
    const guest = await guestPhone(page);
    // The guest's page looks at a pending request every 30 s: the test moves its timers instead of waiting.
    await guest.clock.install();
    await guest.goto(path);
    await guest.getByRole("link", { name: g.tile }).click();
    await expect(guest.getByRole("heading", { name: g.title, level: 1 })).toBeVisible();
    await expect(guest.getByText(g.total)).toContainText("$30.00");
    await guest.getByRole("radio", { name: "Check out at 14:00 — $50.00" }).check();
    await expect(guest.getByText(`${g.total}: $50.00`)).toBeVisible();
    await guest.screenshot({ path: `${SCREENS}/store-guest-extras-390.png`, fullPage: true });
    expect(await axeViolations(guest)).toEqual([]);
    await payWith(guest, "Check out at 13:00 — $30.00", "4242 4242 4242 4242");
    await expect(guest.getByRole("status")).toContainText(
      new RegExp(`^Request sent — ${account.firstName} will answer by \\d{1,2} [A-Z][a-z]{2},? \\d\\d:\\d\\d$`),
    );
    await guest.screenshot({ path: `${SCREENS}/store-guest-sent-390.png`, fullPage: true });

    // The host's Orders: the request, pending, with Approve.
    await page.goto("/orders");
    const order = page.getByRole("listitem", { name: "Late check-out, Ana Lopez" });
    await expect(order).toContainText(o.statuses.pending);
    await expect(order).toContainText("$30.00");
    // Asked to approve: the night after is free (no other stay holds it), so the host can say yes.
    await expect(order).toContainText(o.nightFree["late-check-out"]);
    await page.screenshot({ path: `${SCREENS}/store-orders-1280.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await order.getByRole("button", { name: o.approve }).click();
    await expect(order).toContainText(o.statuses.confirmed);
    await expect(order.getByRole("button", { name: o.refund })).toBeVisible();

    // The guest's link shows it confirmed without a reload (it looks again within 30 s), and the stay's
    // check-out time is now 13:00.
    await guest.clock.runFor(30_000);
    await expect(guest.getByRole("listitem").filter({ hasText: "Late check-out" })).toContainText(g.statuses.confirmed);
    const after = StayResponse.parse(await (await page.request.get(`/api/stays/${stay.id}`)).json()).stay;
    expect(after.checkOutTime).toBe("13:00");
    await guest.goto(path);
    // The stay card writes the time in the guest's locale: 13:00 or 1:00 PM.
    await expect(guest.locator("section.stay")).toContainText(/13:00|1:00\sPM/);

    // A second request with a card that is declined: a clear message, and no order.
    await guest.getByRole("link", { name: g.tile }).click();
    await payWith(guest, "Check out at 14:00 — $50.00", "4000 0000 0000 0002");
    await expect(guest.getByRole("alert")).toHaveText(g.cardDeclined);
    const orders = await (await page.request.get("/api/orders")).json();
    expect(orders.orders).toHaveLength(1);
    await guest.screenshot({ path: `${SCREENS}/store-guest-declined-390.png`, fullPage: true });

    // Phone-sized screens of the host's pages too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/orders");
    await expect(page.getByRole("heading", { name: o.revenue })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/store-orders-390.png`, fullPage: true });
    await page.goto("/store");
    await expect(page.getByRole("heading", { name: "Late check-out", level: 2 })).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/store-list-390.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await guest.context().close();
  });
});
