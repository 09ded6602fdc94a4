import type { AccountRow } from "../features/users/user.repository.ts";

/**
 * SubscriptionActiveSystem (OPEN-07): the trial is running, or a subscription exists. The billing issue
 * refines the second half with the provider's status (past_due stays live, OPEN-08).
 */
export function isSubscriptionActiveSystem(account: Pick<AccountRow, "hasSubscription" | "trialEndsAt">, now: Date): boolean {
  if (account.hasSubscription) return true;
  return account.trialEndsAt !== null && account.trialEndsAt > now;
}
