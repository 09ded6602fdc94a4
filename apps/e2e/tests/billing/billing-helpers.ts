import { copy } from "@doorstep/shared/copy";
import { SubscriptionResponse, type SubscriptionState } from "@doorstep/shared/schemas/billing";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "../../fixtures.ts";

const b = copy.billing;

/** Fills the local gateway's test-mode card fields (docs/architecture.md §6). */
export async function fillTestCard(page: Page, number: string, expiry = "12/34", cvc = "123"): Promise<void> {
  await page.getByLabel(b.cardNumber).fill(number);
  await page.getByLabel(b.cardExpiry).fill(expiry);
  await page.getByLabel(b.cardCvc).fill(cvc);
}

/** The caller's billing state from the API. */
export async function readSubscription(request: APIRequestContext): Promise<SubscriptionState> {
  const response = await request.get("/api/billing/subscription");
  expect(response.status(), await response.text()).toBe(200);
  return SubscriptionResponse.parse(await response.json()).subscription;
}
