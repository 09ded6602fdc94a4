import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { guestContext } from "../guide/guest.ts";

const g = copy.guestMessaging;
const SCREENS = "/work/notes/screens";
const ZONE = "Pacific/Auckland";

test("a guest's messages are a chat: the name asked once, one composer under the thread, times in the guest's own time", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const property = await createLivePropertyViaApi(request, "Harbour Loft");
  const patched = await request.patch(`/api/properties/${property.propertyId}`, {
    data: { inboundMessagingActive: true },
  });
  expect(patched.status(), await patched.text()).toBe(204);

  // A guest whose phone is in New Zealand.
  const context = await guestContext(browser, { locale: "en-GB", timezoneId: ZONE });
  const page = await context.newPage();
  await page.goto(`/g/${property.propertyId}`);
  await page.getByRole("link", { name: g.entry }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: g.title })).toBeVisible();

  // The first message asks who is writing.
  await page.getByLabel(g.firstName).fill("Ana");
  await page.getByLabel(g.lastName).fill("Silva");
  await page.getByLabel(g.message, { exact: true }).fill("Hello! We land at 9.");
  await page.getByRole("button", { name: g.send }).click();
  const thread = page.locator("ol.thread");
  await expect(thread.getByText("Hello! We land at 9.")).toBeVisible();
  // Then the name folds away: the composer is the message, files and Send.
  await expect(page.getByText(g.writingAs("Ana Silva"))).toBeVisible();
  await expect(page.getByLabel(g.firstName)).toBeHidden();
  await expect(page.getByLabel(g.lastName)).toBeHidden();

  // The next one is just the message.
  await page.getByLabel(g.message, { exact: true }).fill("Is there parking?");
  await page.getByRole("button", { name: g.send }).click();
  await expect(thread.getByText("Is there parking?")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);

  // Times in the guest's own time zone, not UTC.
  const time = thread.locator("time").first();
  const at = (await time.getAttribute("datetime"))!;
  const local = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: ZONE }).format(
    new Date(at),
  );
  await expect(time).toHaveText(local);

  // Coming back later: the thread, one composer under it, the name remembered.
  await page.reload();
  await expect(thread.locator("li")).toHaveCount(2);
  await expect(page.locator("form")).toHaveCount(1);
  await expect(page.getByRole("textbox", { name: g.message, exact: true })).toHaveCount(1);
  await expect(page.getByText(g.writingAs("Ana Silva"))).toBeVisible();
  await expect(page.getByLabel(g.firstName)).toBeHidden();
  await expect(thread.locator("time").first()).toHaveText(local);
  // The composer comes after the thread.
  const below = await page.evaluate(() => {
    const list = document.querySelector("ol.thread")!;
    const form = document.querySelector("form")!;
    return Boolean(list.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(below).toBe(true);
  await page.screenshot({ path: `${SCREENS}/offline-chat-390.png`, fullPage: true });

  // The name can still be changed.
  await page.getByText(g.changeDetails).click();
  await expect(page.getByLabel(g.firstName)).toHaveValue("Ana");
  await expect(page.getByLabel(g.lastName)).toHaveValue("Silva");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENS}/offline-chat-1280.png`, fullPage: true });
  await context.close();
});
