import { deriveSubscriptionFlags, ENDED_STATUSES } from "@doorstep/shared/rules/billing";
import type { Db } from "../../db/client.ts";
import type { PaymentGateway } from "../../providers/payments/payment-gateway.ts";
import { setAccountBillingFlags } from "../users/user.service.ts";
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

/** What restoring a deleted account did to its subscription (decision 060). */
export type SubscriptionRestore =
  { outcome: "none" } | { outcome: "resumed" | "kept"; renewsAt: Date | null } | { outcome: "ended" };

/**
 * Undoes a deletion's cancellation (decision 060): a subscription set to end at its period's end renews again
 * ("resumed"); one that is still on and was never marked (the gateway failed at the deletion) is "kept"; one
 * that has ended (cancelled at once for a failed payment, or its period ran out) cannot be revived — "ended",
 * and the host subscribes again. The account's billing state is re-read from the gateway either way. A gateway
 * error is thrown before anything is changed, so the operator can try again.
 */
export async function restoreAccountSubscription(
  db: Db,
  payments: PaymentGateway,
  accountId: string,
): Promise<SubscriptionRestore> {
  const billing = await findBillingAccount(db, accountId);
  const ref = billing?.subscriptionRef;
  if (!billing || !ref || billing.gateway !== payments.kind) return { outcome: "none" };
  let snapshot = await payments.getSubscription(ref);
  const ended = ENDED_STATUSES.has(snapshot.status);
  const marked = !ended && snapshot.cancelAtPeriodEnd;
  if (marked) snapshot = await payments.resumeSubscription(ref);
  await upsertBillingAccount(db, accountId, billing.gateway, {
    status: snapshot.status,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    trialEnd: snapshot.trialEnd,
  });
  await setAccountBillingFlags({ db }, accountId, deriveSubscriptionFlags(snapshot.status));
  if (ended) return { outcome: "ended" };
  return { outcome: marked ? "resumed" : "kept", renewsAt: snapshot.currentPeriodEnd };
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
