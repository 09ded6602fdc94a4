import { isSubscriptionActiveSystem as activeSystem } from "@doorstep/shared/rules/billing";

/**
 * SubscriptionActiveSystem (OPEN-07/08): the trial is running, or the provider's subscription keeps
 * guides live. Billing keeps `accounts.has_subscription` equal to "status is trialing, active or
 * past_due" (deriveSubscriptionFlags in packages/shared/src/rules/billing.ts), so past_due stays live
 * through the retry window and canceled/unpaid take guides offline without another query here.
 */
export function isSubscriptionActiveSystem(
  account: { hasSubscription: boolean; trialEndsAt: Date | null },
  now: Date,
): boolean {
  return activeSystem(account, now);
}
