import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { SessionResponse } from "@doorstep/shared/schemas/auth";
import { crc32, deflateSync } from "node:zlib";
import { z } from "zod";

export { expect };

export const PASSWORD = "correct-horse-battery";

/** An address no other test uses. */
export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface Account {
  email: string;
  password: string;
  firstName: string;
  user: SessionResponse["user"];
}

/** Creates a user through the API (CONTRIBUTING.md: fixtures make their own data). */
export async function signUp(
  request: APIRequestContext,
  overrides: { firstName?: string; email?: string } = {},
): Promise<Account> {
  const firstName = overrides.firstName ?? "Robin";
  const email = overrides.email ?? uniqueEmail();
  const response = await request.post("/api/auth/sign-up", { data: { firstName, email, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(201);
  const session = SessionResponse.parse(await response.json());
  return { email, password: PASSWORD, firstName, user: session.user };
}

/** Logs the page's browser context in through the API (page.request shares its cookies). */
export async function logInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

const Outbox = z.object({
  emails: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: z.string() }),
  ),
});
export type OutboxEmail = z.infer<typeof Outbox>["emails"][number];

/** The emails sent to `to`, newest first (test-only endpoint of the server, NODE_ENV=test). */
export async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxEmail[]> {
  const response = await request.get(`/api/test/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status(), await response.text()).toBe(200);
  return Outbox.parse(await response.json()).emails;
}

/** The path and query of the first link in `text` that leads to `pathname`. */
export function linkIn(text: string, pathname: string): string {
  const match = text
    .match(/https?:\/\/[^\s"<>]+/g)
    ?.map((href) => new URL(href))
    .find((url) => url.pathname === pathname);
  if (!match) throw new Error(`No ${pathname} link in:\n${text}`);
  return `${match.pathname}${match.search}`;
}

export const test = base.extend<{ account: Account; loggedInPage: Page }>({
  account: async ({ request }, use) => {
    await use(await signUp(request));
  },
  loggedInPage: async ({ page, account }, use) => {
    await logInThroughApi(page, account.email, account.password);
    await use(page);
  },
});

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of one colour, for upload tests. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [15, 118, 110]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** dnd-kit's live region: what it announces of a drag, read by both drag helpers. */
const dndAnnouncements = (page: Page) => page.locator('[id^="DndLiveRegion"]');
const over = (id: string) => `was moved over droppable area ${id}`;

/**
 * Drags the item of `handle` over the item `targetId` with dnd-kit's keyboard sensor (Space picks up, arrows
 * move, Space drops); `order` is the list's ids as shown. dnd-kit measures the droppables just after the
 * pick-up, so an early arrow may move nothing, and on a slow machine its announcement can come after the next
 * press: each arrow is chosen from what dnd-kit last announced, so a press that overshoots is undone.
 */
export async function keyboardDrag(page: Page, handle: Locator, order: string[], activeId: string, targetId: string) {
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  const live = dndAnnouncements(page);
  const target = order.indexOf(targetId);
  await expect(async () => {
    const said = (await live.textContent()) ?? "";
    const at = order.findIndex((id) => said.includes(over(id)));
    const current = at >= 0 ? at : order.indexOf(activeId);
    if (current !== target) await page.keyboard.press(current < target ? "ArrowDown" : "ArrowUp");
    await expect(live).toContainText(over(targetId), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press("Space");
}

/**
 * Drags the item `activeId` by its `handle` onto the item `targetId` with the pointer, as a hand does: past
 * dnd-kit's activation distance, then in steps onto the upper part of the target's row. dnd-kit measures the
 * rows just after the pick-up, and on a quick machine the moves can all land before it has, so each stage waits
 * for what dnd-kit announces: the pick-up, then the target under the pointer (nudged until it is), then the drop.
 */
export async function pointerDrag(page: Page, handle: Locator, target: Locator, activeId: string, targetId: string) {
  const live = dndAnnouncements(page);
  // "Picked up draggable item …", or already "Draggable item … was moved over" its own row.
  const pickedUp = new RegExp(`^(Picked up draggable item ${activeId}\\.|Draggable item ${activeId} was moved)`);
  // A press that missed the handle (the page still settling) is let go and made again where the handle is now.
  await expect(async () => {
    await page.mouse.up();
    const from = await handle.boundingBox();
    if (!from) throw new Error("the drag handle is not laid out");
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 10, { steps: 3 });
    await expect(live).toHaveText(pickedUp, { timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  const to = await target.boundingBox();
  if (!to) throw new Error("the drop target is not laid out");
  const tx = to.x + to.width / 2;
  const ty = to.y + to.height / 4;
  await page.mouse.move(tx, ty, { steps: 12 });
  let nudge = 0;
  await expect(async () => {
    await page.mouse.move(tx, ty + (nudge++ % 2));
    await expect(live).toContainText(over(targetId), { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.mouse.up();
}

/**
 * axe-core's violations on the page as it is once its animations have ended: a page fade (XCUT-50) or a dialog's
 * fade-in measured half-way reads as too little contrast. Endless ones (a spinner) are not waited for.
 */
export async function axeViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  return (await new AxeBuilder({ page }).analyze()).violations;
}
