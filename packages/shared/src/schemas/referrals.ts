import { z } from "zod";
import { CURRENCIES } from "../rules/billing.ts";
import { text } from "./text.ts";

const Currency = z.enum(CURRENCIES);

/**
 * One referred account (REF-05, REF-15, OPEN-63): its first property's title and the reward, never the
 * person. `rewardId` names the reward to claim, once there is one.
 */
export const CustomerReferralDto = z.object({
  rewardId: z.uuid().nullable(),
  propertyTitle: text().nullable(),
  /** The whole reward in minor units (all instalments), null until the friend's first paid invoice. */
  rewardAmount: z.number().int().nonnegative().nullable(),
  rewardCurrency: Currency.nullable(),
  rewardCredited: z.boolean(),
  rewardClaimable: z.boolean(),
  activeSubscriber: z.boolean(),
  trialEndDate: text().nullable(),
});
export type CustomerReferralDto = z.infer<typeof CustomerReferralDto>;

/** GET /api/referrals (REF-04, REF-14): the caller's link, totals and a page of referrals. */
export const ReferralDataResponse = z.object({
  referralLink: text(),
  totalLinkClicks: z.number().int().nonnegative(),
  totalReferrals: z.number().int().nonnegative(),
  totalRewards: z.number().int().nonnegative(),
  /** REF-19, OPEN-22: minor units per currency, from configuration. */
  currentRewardValues: z.record(Currency, z.number().int().nonnegative()),
  /** The caller's currency, in which the page shows the reward value. */
  currency: Currency,
  customerReferrals: z.array(CustomerReferralDto),
  nextCursor: text().nullable(),
});
export type ReferralDataResponse = z.infer<typeof ReferralDataResponse>;

export const ReferralPageQuery = z.object({ cursor: text().max(200).optional() });
export type ReferralPageQuery = z.infer<typeof ReferralPageQuery>;

export const RewardParams = z.object({ rewardId: z.uuid() });

/** POST /api/referrals/rewards/:rewardId/claim: what was paid now, by voucher email (REF-18). */
export const ClaimRewardResponse = z.object({
  amount: z.number().int().nonnegative(),
  currency: Currency,
});
export type ClaimRewardResponse = z.infer<typeof ClaimRewardResponse>;

/** GET /r?ref= (REF-11): the referral code, as the link carries it; anything else still redirects. */
export const ReferralClickQuery = z.object({ ref: text().max(200).optional() });
export type ReferralClickQuery = z.infer<typeof ReferralClickQuery>;
