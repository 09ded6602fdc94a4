import type { Db } from "../../db/client.ts";
import type { PaymentGateway } from "../../providers/payments/payment-gateway.ts";
import {
  findBillingAccount,
  listCancellationRequests,
  listSubscriptionAlerts,
  updateCancellationStatus,
  upsertBillingAccount,
  upsertPriceList,
} from "./billing.repository.ts";
import { seedPlanCatalogue } from "./catalogue/catalogue.seed.ts";
import { CATALOGUES } from "./catalogue/catalogues.ts";

// Billing's side of the operator CLI (IMPL-22): what support does by hand, outside a user's session.

/** The price lists support can assign to an account. */
export const PRICE_LISTS: readonly string[] = CATALOGUES;

/** Upserts the plan catalogue from its files (the server does it at boot; the CLI before its commands). */
export function seedPlans(db: Db): Promise<number> {
  return seedPlanCatalogue(db);
}

/**
 * After support extends a trial: a host who subscribed during the trial is billed at the provider's trial
 * end, so that moves too. Returns the moved subscription's reference, or null when there was none.
 */
export async function moveSubscriptionTrialEnd(
  db: Db,
  payments: PaymentGateway,
  gateway: "local" | "stripe",
  accountId: string,
  trialEndsAt: Date,
): Promise<string | null> {
  const billing = await findBillingAccount(db, accountId);
  if (!billing?.subscriptionRef || billing.status !== "trialing" || billing.gateway !== gateway) return null;
  const snapshot = await payments.extendTrial(billing.subscriptionRef, trialEndsAt);
  await upsertBillingAccount(db, accountId, gateway, {
    status: snapshot.status,
    trialEnd: snapshot.trialEnd,
    currentPeriodEnd: snapshot.currentPeriodEnd,
  });
  return snapshot.ref;
}

/** The newest pause/cancel requests (at most 100), optionally of some statuses. */
export function listPauseCancelRequests(db: Db, statuses: string[] | null) {
  return listCancellationRequests(db, statuses);
}

/** The newest subscription failure alerts (at most 100). */
export function listBillingAlerts(db: Db) {
  return listSubscriptionAlerts(db);
}

/** Operator: the price list an account is offered; null lets its flags choose (BILL-05…09). */
export async function setPriceList(
  db: Db,
  accountId: string,
  gateway: "local" | "stripe",
  priceList: string | null,
): Promise<void> {
  await upsertPriceList(db, accountId, gateway, priceList);
}

/** Operator: moves a pause or cancel request along; false when there is no such request. */
export function setCancellationStatus(db: Db, id: string, status: string): Promise<boolean> {
  return updateCancellationStatus(db, id, status);
}
