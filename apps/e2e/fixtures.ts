import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { SessionResponse } from "@doorstep/shared/schemas/auth";
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

/** Creates a user through the API (STYLE: fixtures make their own data). */
export async function signUp(request: APIRequestContext, overrides: { firstName?: string; email?: string } = {}): Promise<Account> {
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
  emails: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: z.string() })),
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
  const match = text.match(/https?:\/\/[^\s"<>]+/g)?.map((href) => new URL(href)).find((url) => url.pathname === pathname);
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
