import { copy } from "@doorstep/shared/copy";
import { expect, makePng, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

const m = copy.messaging;
const g = copy.guestMessaging;
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

test("a guest writes from the guide with a photo; the open inbox shows it and the badge; the host replies with a photo; the guest's page shows the reply (GUIDE-18/19, MSG-01…17)", async ({
  loggedInPage: page,
  browser,
}) => {
  test.slow();
  const property = await createLivePropertyViaApi(page.request, "Harbour Loft");

  // MSG-17: the host switches messages on from the property's messaging page.
  await page.goto(`/property/${property.propertyId}/messaging`);
  await expect(page.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
  await page.getByLabel(m.activate).check();
  await expect(page.getByLabel(m.activate)).toBeChecked();
  await expect(page.getByRole("banner").getByRole("link", { name: copy.header.messages })).toBeVisible(); // HOME-16
  await page.goto("/messaging");
  await expect(page.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();

  // A guest on a phone: the guide's way to write, the form, a photo.
  const guestContext = await browser.newContext({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(`/g/${property.propertyId}`);
  await guest.getByRole("link", { name: g.entry }).first().click();
  await expect(guest.getByRole("heading", { level: 1, name: g.title })).toBeVisible();
  await guest.getByLabel(g.firstName).fill("Ana");
  await guest.getByLabel(g.lastName).fill("Silva");
  await guest.getByLabel(g.message, { exact: true }).fill("The front door sticks. Photo attached.");
  await guest
    .getByLabel(g.attach)
    .setInputFiles({ name: "door.png", mimeType: "image/png", buffer: makePng(60, 40, [120, 80, 40]) });
  await guest.getByRole("button", { name: g.send }).click();
  await expect(guest.getByText("The front door sticks. Photo attached.")).toBeVisible();
  await expect(guest.getByRole("status").filter({ hasText: g.sent })).toBeVisible();
  await expect(guest.getByLabel(g.message, { exact: true })).toHaveValue("");

  // The host's open inbox shows it without a reload, and the header counts it.
  const row = page.getByRole("link", { name: /Ana Silva/ });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText("Harbour Loft");
  await expect(row).toContainText(m.unread(1));
  await expect(
    page.getByRole("banner").getByRole("link", { name: `${copy.header.messages}, ${copy.header.unread(1)}` }),
  ).toBeVisible({
    timeout: 35_000,
  });

  // Opening it marks it read: the badge clears.
  await row.click();
  await expect(page.getByRole("heading", { level: 1, name: "Ana Silva" })).toBeVisible();
  await expect(page.getByRole("link", { name: m.allMessages })).toBeVisible();
  await expect(page.getByRole("img", { name: "door.png" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: copy.header.messages, exact: true })).toBeVisible();

  // The reply, with a photo.
  await page.getByLabel(m.replyLabel).fill("Lift the handle as you turn the key.");
  await page
    .getByLabel(m.attach)
    .setInputFiles({ name: "key.png", mimeType: "image/png", buffer: makePng(60, 40, [20, 90, 160]) });
  await page.getByRole("button", { name: m.send }).click();
  await expect(page.getByText("Lift the handle as you turn the key.")).toBeVisible();
  await expect(page.getByLabel(m.replyLabel)).toHaveValue("");

  // The guest's open page shows the reply and its photo.
  await expect(guest.getByText("Lift the handle as you turn the key.")).toBeVisible({ timeout: 20_000 });
  await expect(guest.getByRole("img", { name: "key.png" })).toBeVisible();
  if (process.env.MESSAGING_SCREENSHOTS) {
    const dir = process.env.MESSAGING_SCREENSHOTS;
    await guest.screenshot({ path: `${dir}/guest-thread-390.png`, fullPage: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${dir}/conversation-${width}.png`, fullPage: true });
    }
    await guest.setViewportSize({ width: 1280, height: 900 });
    await guest.screenshot({ path: `${dir}/guest-thread-1280.png` });
    // In a context of its own: browsers may keep a public guide for 60 s, and the test turns messages off below.
    const reader = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const readerPage = await reader.newPage();
    await readerPage.goto(`/g/${property.propertyId}`);
    await readerPage.getByRole("heading", { name: g.entry }).scrollIntoViewIfNeeded();
    await readerPage.screenshot({ path: `${dir}/guide-entry-390.png` });
    await reader.close();
    await page.goto(`/property/${property.propertyId}/messaging`);
    await page.getByRole("link", { name: /Ana Silva/ }).waitFor();
    await page.screenshot({ path: `${dir}/property-messaging-390.png`, fullPage: true });
    await page.goto("/messaging");
    await page.getByRole("link", { name: /Ana Silva/ }).waitFor();
    await page.screenshot({ path: `${dir}/inbox-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/messaging-settings");
    await page.getByRole("listitem", { name: "Harbour Loft" }).waitFor();
    await page.screenshot({ path: `${dir}/settings-1280.png`, fullPage: true });
  }

  // Messages off: the guide offers no way to write, and the reply box is gone.
  await page.goto("/messaging-settings");
  const settingsRow = page.getByRole("listitem", { name: "Harbour Loft" });
  await settingsRow.getByLabel(m.activate).uncheck();
  await expect(settingsRow.getByLabel(m.activate)).not.toBeChecked();
  await guest.goto(`/g/${property.propertyId}`);
  await expect(guest.getByRole("heading", { level: 1, name: "Harbour Loft" })).toBeVisible();
  await expect(guest.getByRole("link", { name: g.entry })).toHaveCount(0);
  await guestContext.close();
});

test("without JavaScript a guest still sends, and a mistake keeps what they typed", async ({
  loggedInPage: page,
  browser,
}) => {
  const property = await createLivePropertyViaApi(page.request, "Beach Hut");
  const on = await page.request.patch(`/api/properties/${property.propertyId}`, {
    data: { inboundMessagingActive: true, outboundMessagingActive: true },
  });
  expect(on.status()).toBe(204);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const guest = await context.newPage();
  await guest.goto(`/g/${property.propertyId}/messages`);
  await guest.getByLabel(g.firstName).fill("Ben");
  await guest.getByLabel(g.message, { exact: true }).fill("Is there a hairdryer?");
  await guest.getByRole("button", { name: g.send }).click();
  await expect(guest.getByText(g.required(g.lastName)).first()).toBeVisible();
  await expect(guest.getByLabel(g.message, { exact: true })).toHaveValue("Is there a hairdryer?");
  await guest.getByLabel(g.lastName).fill("Ng");
  await guest.getByRole("button", { name: g.send }).click();
  await expect(guest.getByText(g.sent)).toBeVisible();
  await expect(guest.getByText("Is there a hairdryer?")).toBeVisible();
  await context.close();
});
