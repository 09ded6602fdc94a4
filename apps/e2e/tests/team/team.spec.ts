import { copy } from "@doorstep/shared/copy";
import type { Browser, Page } from "@playwright/test";
import { axeViolations, expect, linkIn, readOutbox, test, uniqueEmail } from "../../fixtures.ts";
import { createItemViaApi } from "../content/content-api.ts";

const c = copy.team;
const shots = process.env.TEAM_SCREENSHOTS;

async function makeProperty(page: Page, title: string): Promise<string> {
  const propertyId = `crew-${Math.random().toString(36).slice(2, 10)}`;
  const res = await page.request.post("/api/properties", { data: { title, propertyId } });
  expect(res.status(), await res.text()).toBe(201);
  return propertyId;
}

/** Opens the emailed invitation in a browser of its own and joins; returns that page, on the dashboard. */
async function joinFromEmail(browser: Browser, baseURL: string, email: string, firstName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const [invitation] = await readOutbox(page.request, email);
  await page.goto(linkIn(invitation!.text, "/join"));
  await expect(page.getByRole("heading", { level: 1, name: copy.join.title })).toBeVisible();
  await page.getByLabel(copy.join.firstNameLabel).fill(firstName);
  await page.getByLabel(copy.join.lastNameLabel).fill("Member");
  await page.getByLabel(copy.join.passwordLabel).fill("a-long-team-password-42");
  await page.getByRole("button", { name: copy.join.submit }).click();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/teams-${name}-${width}.png`, fullPage: true });
  }
}

test("an owner invites an editor limited to one property, who edits it; a viewer has no Save; /activity shows the change", async ({
  loggedInPage: owner,
  browser,
  baseURL,
}) => {
  test.slow();
  const home = await makeProperty(owner, "Harbour House");
  const cabin = await makeProperty(owner, "Forest Cabin");
  const item = await createItemViaApi(owner.request, home, "house-rules", "Quiet hours");

  // The owner invites an editor limited to Harbour House.
  await owner.goto("/team");
  await expect(owner.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
  const editorEmail = uniqueEmail("editor");
  await owner.getByLabel(c.emailLabel).fill(editorEmail);
  await owner.getByLabel(c.roleLabel).selectOption("editor");
  await owner.getByLabel(c.chosenProperties).check();
  await owner.getByRole("checkbox", { name: "Harbour House" }).check();
  await owner.getByRole("button", { name: c.sendInvite }).click();
  await expect(owner.getByText(c.invited(editorEmail))).toBeVisible();
  const pending = owner.getByRole("listitem").filter({ hasText: editorEmail });
  await expect(pending.getByRole("button", { name: c.resend })).toBeVisible();
  expect(await axeViolations(owner)).toEqual([]);
  await screenshot(owner, "team");

  // The editor joins from the emailed link and lands on the dashboard: no Subscription tile.
  const editor = await joinFromEmail(browser, baseURL!, editorEmail, "Eddie");
  await expect(editor.getByRole("heading", { level: 1, name: `${copy.home.welcome} Eddie` })).toBeVisible();
  await expect(editor.getByRole("link", { name: copy.home.tiles.subscription, exact: true })).toHaveCount(0);
  await expect(editor.getByRole("link", { name: copy.home.tiles.team, exact: true })).toHaveCount(0);
  await expect(editor.getByRole("link", { name: copy.home.createNewProperty })).toHaveCount(0);
  await screenshot(editor, "editor-home");

  // The editor edits an item of Harbour House.
  await editor.goto(`/property/${home}/content/house-rules`);
  await editor.getByRole("button", { name: "Edit Quiet hours" }).click();
  const dialog = editor.getByRole("dialog", { name: copy.content.editorEditTitle("Quiet hours") });
  await dialog.getByLabel(copy.content.titleLabel).fill("Quiet hours after 10pm");
  await dialog.getByRole("button", { name: copy.content.save, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor.getByRole("button", { name: "Edit Quiet hours after 10pm" })).toBeVisible();

  // The editor also adds a scheduled message for Harbour House (through the API: its form is tested elsewhere).
  const rule = await editor.request.post("/api/message-rules", {
    data: {
      name: "Parking",
      trigger: "before-check-in",
      days: 1,
      atTime: "10:00",
      propertyIds: [home],
      channel: "email",
      texts: { en: { subject: "Parking", body: "Park in bay 4." } },
      active: false,
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);

  // Its scheduled messages and store offers are only those wholly Harbour House's (the account's suggestions are
  // for all properties), and its forms offer Harbour House, never "All properties" (decision 061).
  await editor.goto("/scheduled-messages");
  const rules = editor.getByRole("list", { name: copy.scheduledMessages.title });
  await expect(rules.getByRole("listitem")).toHaveCount(1);
  await expect(rules.getByRole("heading", { name: "Parking" })).toBeVisible();
  await editor.getByRole("button", { name: copy.scheduledMessages.newMessage }).click();
  await expect(editor.getByRole("checkbox", { name: "Harbour House" })).toBeChecked();
  await expect(editor.getByRole("checkbox", { name: "Forest Cabin" })).toHaveCount(0);
  await expect(editor.getByRole("radio", { name: copy.scheduledMessages.fields.allProperties })).toHaveCount(0);
  await screenshot(editor, "rule-form-limited");
  await editor.goto("/store/new");
  await expect(editor.getByRole("checkbox", { name: "Harbour House" })).toBeVisible();
  await expect(editor.getByRole("checkbox", { name: "Forest Cabin" })).toHaveCount(0);
  await expect(editor.getByRole("radio", { name: copy.store.allProperties })).toHaveCount(0);
  expect(await axeViolations(editor)).toEqual([]);
  await screenshot(editor, "offer-form-limited");

  // Forest Cabin, not theirs, does not exist for them.
  await editor.goto(`/property/${cabin}`);
  await expect(editor.getByRole("heading", { level: 1, name: copy.properties.notFound })).toBeVisible();

  // A viewer of every property opens the item: the editor has no Save.
  const viewerEmail = uniqueEmail("viewer");
  const invited = await owner.request.post("/api/team/invitations", {
    data: { email: viewerEmail, role: "viewer", propertyIds: null },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const viewer = await joinFromEmail(browser, baseURL!, viewerEmail, "Vera");
  await viewer.goto(`/property/${home}/content/house-rules`);
  await viewer.getByRole("button", { name: "Edit Quiet hours after 10pm" }).click();
  const readOnly = viewer.getByRole("dialog", { name: copy.content.editorEditTitle("Quiet hours after 10pm") });
  await expect(readOnly.getByRole("button", { name: copy.content.close })).toBeVisible();
  await expect(readOnly.getByRole("button", { name: copy.content.save, exact: true })).toHaveCount(0);
  await screenshot(viewer, "viewer-editor");

  // The owner's /activity shows the editor's change: which item and which field.
  await owner.goto("/activity");
  await expect(owner.getByRole("heading", { level: 1, name: copy.activity.title })).toBeVisible();
  const entry = owner.getByRole("listitem").filter({ hasText: "Changed the item “Quiet hours after 10pm” (title)" });
  await expect(entry).toContainText("Eddie Member");
  await expect(entry).toContainText(home);
  expect(item.id).toBeTruthy();
  const added = owner.getByRole("listitem").filter({ hasText: "Added the scheduled message “Parking”" });
  await expect(added).toContainText("Eddie Member");
  await screenshot(owner, "activity");
  // The property filter: the rule is Harbour House's, not Forest Cabin's.
  await owner.getByLabel(copy.activity.propertyFilter).selectOption({ label: "Forest Cabin" });
  // Nothing was changed on Forest Cabin (made through the API, never published).
  await expect(owner.getByText(copy.activity.empty)).toBeVisible();
  await expect(added).toHaveCount(0);
  await owner.getByLabel(copy.activity.propertyFilter).selectOption({ label: "Harbour House" });
  await expect(added).toContainText(home);

  // Contact support from the navigation.
  await owner.goto("/support");
  await owner.getByLabel(copy.support.subjectLabel).fill("A question");
  await owner.getByLabel(copy.support.messageLabel).fill("How do I add a co-host?");
  await owner.getByRole("button", { name: copy.support.send }).click();
  await expect(owner.getByText(copy.support.sent)).toBeVisible();
});
