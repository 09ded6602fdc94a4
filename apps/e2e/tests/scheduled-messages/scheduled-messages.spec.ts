import { copy } from "@doorstep/shared/copy";
import { StayLinkResponse } from "@doorstep/shared/schemas/stay-links";
import { StayResponse } from "@doorstep/shared/schemas/stays";
import type { APIRequestContext, Page } from "@playwright/test";
import { axeViolations, expect, readOutbox, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

const c = copy.scheduledMessages;
const SCREENS = "/work/notes/screens";

/** A day `offset` days from today in `timeZone`, "YYYY-MM-DD" (stays are the property's wall clock). */
function dayIn(timeZone: string, offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function addStay(request: APIRequestContext, data: Record<string, unknown>) {
  const created = await request.post("/api/stays", { data });
  expect(created.status(), await created.text()).toBe(201);
  return StayResponse.parse(await created.json()).stay;
}

/** Opens a suggested rule's form from the list, makes it the property's and switches it on. */
async function activate(page: Page, name: string, propertyTitle: string) {
  await page.getByRole("button", { name: `${c.editMessage}: ${name}` }).click();
  const form = page.getByRole("form", { name: c.editMessage });
  await form.getByRole("radio", { name: c.fields.chosenProperties }).check();
  await form.getByRole("checkbox", { name: propertyTitle }).check();
  await form.getByRole("checkbox", { name: c.fields.active }).check();
  return form;
}

test.describe("scheduled guest messages", () => {
  test("booking confirmation sent in the stay's language with its link; a check-in message moves with the stay and goes with its cancel", async ({
    loggedInPage: page,
  }) => {
    const property = await createLivePropertyViaApi(page.request, "Harbour Loft");
    const tz = property.timeZone;
    const patched = await page.request.patch(`/api/properties/${property.propertyId}`, {
      data: { languageTranslations: ["fr"] },
    });
    expect(patched.status()).toBe(204);

    // From the dashboard home to the page.
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: copy.home.tiles.scheduledMessages }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
    for (const name of Object.values(c.suggestions).map((s) => s.name))
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();

    // "Booking confirmation": written in French too, with the stay link from "Insert stay detail".
    const booking = c.suggestions["booking-confirmation"].name;
    const form = await activate(page, booking, property.title);
    await form.getByLabel(`${c.fields.subject} (French)`).fill("Votre séjour à {{stay.propertyTitle}}");
    const message = form.getByLabel(`${c.fields.message} (French)`);
    await message.fill("Bonjour {{stay.guestFirstName}}, votre guide : ");
    await form.getByLabel(`${copy.stayDetails.insert} (French)`).selectOption("link");
    await expect(message).toHaveValue("Bonjour {{stay.guestFirstName}}, votre guide : {{stay.link}}");
    await form.getByRole("button", { name: c.preview }).click();
    const preview = form.getByRole("region", { name: c.previewTitle });
    await expect(preview).toContainText("Bonjour Alex, votre guide : ");
    await expect(preview).toContainText("Votre séjour à Harbour Loft");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SCREENS}/scheduled-form-1280.png`, fullPage: true });
    await form.getByRole("button", { name: c.save }).click();
    await expect(page.getByRole("listitem").filter({ hasText: booking })).toContainText(c.on);

    // "Check-in instructions" on too (its English text, as we wrote it).
    await activate(page, c.suggestions["check-in-instructions"].name, property.title);
    await page.getByRole("button", { name: c.save }).click();
    await expect(
      page.getByRole("listitem").filter({ hasText: c.suggestions["check-in-instructions"].name }),
    ).toContainText(c.on);
    await page.screenshot({ path: `${SCREENS}/scheduled-list-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENS}/scheduled-list-390.png`, fullPage: true });

    // A stay booked with an email, in French: the outbox has the French email with its stay link.
    const guest = `guest-${Date.now()}@example.com`;
    const stay = await addStay(page.request, {
      propertyId: property.propertyId,
      guestFirstName: "Ana",
      guestEmail: guest,
      guestLanguage: "fr",
      checkInDate: dayIn(tz, 10),
      checkOutDate: dayIn(tz, 13),
    });
    await expect.poll(async () => (await readOutbox(page.request, guest)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await readOutbox(page.request, guest);
    const link = StayLinkResponse.parse(await (await page.request.get(`/api/stays/${stay.id}/link`)).json()).url;
    expect(mail!.subject).toBe("Votre séjour à Harbour Loft");
    expect(mail!.text).toContain(`Bonjour Ana, votre guide : ${link}`);
    await page.goto(`/stays/${stay.id}`);
    const timeline = page.getByRole("region", { name: c.timelineTitle });
    await expect(timeline.getByRole("listitem").filter({ hasText: booking })).toContainText(c.statuses.sent);

    // Another stay: its "Before check-in" message moves with a new check-in date, and goes with the cancel.
    const other = await addStay(page.request, {
      propertyId: property.propertyId,
      guestFirstName: "Ben",
      guestEmail: `other-${Date.now()}@example.com`,
      checkInDate: dayIn(tz, 20),
      checkOutDate: dayIn(tz, 23),
    });
    await page.goto(`/stays/${other.id}`);
    const checkIn = timeline.getByRole("listitem").filter({ hasText: c.suggestions["check-in-instructions"].name });
    await expect(checkIn).toContainText(c.statuses.scheduled);
    const before = await checkIn.textContent();
    await page.screenshot({ path: `${SCREENS}/scheduled-stay-timeline-390.png`, fullPage: true });
    await page.getByRole("button", { name: copy.stays.editTitle }).click();
    const edit = page.getByRole("dialog", { name: copy.stays.editTitle });
    await edit.getByLabel(copy.stays.fields.checkInDate).fill(dayIn(tz, 21));
    await edit.getByRole("button", { name: copy.stays.save }).click();
    await expect(edit).toBeHidden();
    await expect(checkIn).not.toHaveText(before!);
    await expect(checkIn).toContainText(c.statuses.scheduled);
    await page.getByRole("button", { name: copy.stays.cancel }).click();
    await page
      .getByRole("dialog", { name: copy.stays.cancelTitle })
      .getByRole("button", { name: copy.stays.cancel })
      .click();
    // Its booking confirmation went when it was booked; the check-in message is gone.
    await expect(checkIn).toHaveCount(0);
    await expect(timeline.getByRole("listitem")).toHaveCount(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/stays/${stay.id}`);
    await expect(timeline).toContainText(c.statuses.sent);
    await page.screenshot({ path: `${SCREENS}/scheduled-stay-timeline-1280.png`, fullPage: true });
  });

  for (const width of [390, 1280]) {
    test(`the page and the New message form have no axe violations and fit ${width} px`, async ({
      loggedInPage: page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await createLivePropertyViaApi(page.request, "Harbour Loft");
      await page.goto("/scheduled-messages");
      await expect(page.getByRole("heading", { level: 2, name: c.suggestions["thank-you"].name })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: c.newMessage }).click();
      const form = page.getByRole("form", { name: c.newMessage });
      await expect(form.getByLabel(c.fields.name)).toBeVisible();
      for (const label of [
        c.fields.send,
        c.fields.days,
        c.fields.at,
        c.fields.channel,
        c.fields.subject,
        c.fields.message,
      ])
        await expect(form.getByLabel(label, { exact: true })).toBeVisible();
      await expect(form.getByRole("group", { name: c.fields.properties })).toBeVisible();
      await expect(form.getByLabel(copy.stayDetails.insert)).toBeVisible();
      await expect(form.getByRole("checkbox", { name: c.fields.active })).not.toBeChecked();
      expect(await axeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENS}/scheduled-new-${width}.png`, fullPage: true });
    });
  }
});
