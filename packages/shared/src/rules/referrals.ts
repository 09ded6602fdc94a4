/**
 * Referral rules (REF-06…10, REF-16…19, XCUT-58, OPEN-22/23; decision 018). Money in minor units with a
 * currency code, like billing.
 */
import type { BillingCycle, Currency } from "./billing.ts";

const DAY_MS = 86_400_000;

/** XCUT-58, REF-16/17: 35 days of paid subscription before a reward; 90 days to claim it. */
export const REFERRAL_TERMS = { paidDaysBeforeReward: 35, claimWindowDays: 90, instalmentEveryDays: 30 } as const;

/** OPEN-22: 20 in each currency until the product owner confirms (configurable, REF-19). */
export const DEFAULT_REFERRAL_REWARD_VALUES: Readonly<Record<Currency, number>> = {
  usd: 2000,
  gbp: 2000,
  eur: 2000,
  aud: 2000,
};

/** OPEN-23: a monthly subscriber's reward is paid in this many monthly instalments (configurable). */
export const DEFAULT_MONTHLY_INSTALMENTS = 4;

/** The status texts of REF-06…10, by key; the copy catalogue holds the words. */
export type ReferralStatus = "credited" | "claimable" | "subscribed" | "inTrial" | "trialEnded";

export interface ReferralRowFlags {
  rewardCredited: boolean;
  rewardClaimable: boolean;
  activeSubscriber: boolean;
  /** ISO date-time, or null when the referred account has no trial end. */
  trialEndDate: string | null;
}

/** REF-06…10, in their order of precedence. No trial end reads as a trial that has ended. */
export function referralStatus(row: ReferralRowFlags, now: Date): ReferralStatus {
  if (row.rewardCredited) return "credited";
  if (row.rewardClaimable) return "claimable";
  if (row.activeSubscriber) return "subscribed";
  if (row.trialEndDate && new Date(row.trialEndDate).getTime() > now.getTime()) return "inTrial";
  return "trialEnded";
}

/**
 * REF-18, OPEN-23: a reward split into its instalments, in minor units: one for an annual subscriber, else
 * `monthlyInstalments` equal parts with the remainder on the first. Never negative; they sum to the total.
 */
export function splitReward(total: number, cycle: BillingCycle, monthlyInstalments: number): number[] {
  const amount = Math.max(0, Math.floor(total));
  const count = cycle === "annual" ? 1 : Math.max(1, Math.floor(monthlyInstalments));
  const part = Math.floor(amount / count);
  return Array.from({ length: count }, (_, i) => (i === 0 ? amount - part * (count - 1) : part));
}

/** When instalment `index` (0-based) of a reward confirmed at `confirmedAt` falls due: one every 30 days. */
export function instalmentDueAt(confirmedAt: Date, index: number): Date {
  return new Date(confirmedAt.getTime() + index * REFERRAL_TERMS.instalmentEveryDays * DAY_MS);
}

/** REF-16: the day a reward whose first invoice was paid at `firstPaidAt` may be confirmed. */
export function rewardConfirmableAt(firstPaidAt: Date): Date {
  return new Date(firstPaidAt.getTime() + REFERRAL_TERMS.paidDaysBeforeReward * DAY_MS);
}

/** REF-17: a claimable instalment expires 90 days after it became claimable. */
export function claimExpiresAt(claimableAt: Date): Date {
  return new Date(claimableAt.getTime() + REFERRAL_TERMS.claimWindowDays * DAY_MS);
}

export type PayoutStatus = "scheduled" | "claimable" | "paid" | "expired" | "cancelled";

/**
 * The row flags from a reward's instalments (decision 018): claimable while one waits to be claimed;
 * credited once one is paid and none waits, so an instalment reward between payments reads as paid.
 */
export function rewardFlags(payouts: readonly { status: PayoutStatus }[]): {
  rewardClaimable: boolean;
  rewardCredited: boolean;
} {
  const claimable = payouts.some((p) => p.status === "claimable");
  return { rewardClaimable: claimable, rewardCredited: !claimable && payouts.some((p) => p.status === "paid") };
}
