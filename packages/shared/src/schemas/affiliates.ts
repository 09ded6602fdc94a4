import { z } from "zod";
import { COMMISSION_MODELS } from "../rules/affiliates.ts";
import { CURRENCIES } from "../rules/billing.ts";
import { CreateAccountRequest } from "./auth.ts";
import { text } from "./text.ts";

const Currency = z.enum(CURRENCIES);

/** POST /api/auth/create-affiliate-account (AFF-04): exactly the sign-up request, tracking fields included. */
export const CreateAffiliateAccountRequest = CreateAccountRequest;
export type CreateAffiliateAccountRequest = z.infer<typeof CreateAffiliateAccountRequest>;

/** A tracking label in a path (OPEN-25): letters and digits; anything else is simply not found. */
export const PartnerParams = z.object({ label: text().trim().min(1).max(100) });
export type PartnerParams = z.infer<typeof PartnerParams>;

/** GET /api/partners/:label (AFF-06, AFF-09): the affiliate's name, logo and label only, and the landing content. */
export const PartnerPageResponse = z.object({
  name: text(),
  logoUrl: text().nullable(),
  label: text(),
  landing: z.object({ title: text(), description: text(), imageUrl: text().nullable() }),
});
export type PartnerPageResponse = z.infer<typeof PartnerPageResponse>;

/** GET /api/affiliate (AFF-10, AFF-14, AFF-16): the caller's own affiliate record. */
export const AffiliateProfileResponse = z.object({
  name: text(),
  trackingLabel: text(),
  /** OPEN-25: {dashboard host}/partners/{trackinglabel}. */
  partnerLink: text(),
  commissionCurrency: Currency,
  payPalEmail: text().nullable(),
  commission: z.object({
    model: z.enum(COMMISSION_MODELS),
    percentage: z.number().int().nonnegative(),
    amount: z.number().int().nonnegative(),
    months: z.number().int().nonnegative(),
  }),
});
export type AffiliateProfileResponse = z.infer<typeof AffiliateProfileResponse>;

/** Where PayPal payouts go (AFF-14). */
export const PayPalEmail = z.email().max(254);

/** AFF-14, AUTH-43: only these two are the affiliate's to change; unknown keys are refused. */
export const UpdateAffiliatePaymentDetailsRequest = z
  .object({
    commissionCurrency: Currency,
    payPalEmail: PayPalEmail.nullable(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateAffiliatePaymentDetailsRequest = z.infer<typeof UpdateAffiliatePaymentDetailsRequest>;

/** Sums of the ledger in one currency, minor units (OPEN-26). */
export const CommissionTotals = z.object({
  currency: Currency,
  earned: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  payable: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
});
export type CommissionTotals = z.infer<typeof CommissionTotals>;

/**
 * One referred customer (an account, however many properties: AFF-13) without personal data (OPEN-26): the
 * month they signed up, the flags of REF-06…10's status text, and their commission so far.
 */
export const AffiliateCustomerDto = z.object({
  signUpMonth: text(),
  rewardCredited: z.boolean(),
  rewardClaimable: z.boolean(),
  activeSubscriber: z.boolean(),
  trialEndDate: text().nullable(),
  commission: z.number().int().nonnegative(),
  currency: Currency.nullable(),
});
export type AffiliateCustomerDto = z.infer<typeof AffiliateCustomerDto>;

/** GET /api/affiliate/stats (AFF-12, OPEN-26): the caller's figures only. */
export const AffiliateStatsResponse = z.object({
  linkClicks: z.number().int().nonnegative(),
  trialsStarted: z.number().int().nonnegative(),
  payingCustomers: z.number().int().nonnegative(),
  commissions: z.array(CommissionTotals),
  customers: z.array(AffiliateCustomerDto),
});
export type AffiliateStatsResponse = z.infer<typeof AffiliateStatsResponse>;

/** GET /api/affiliate/assets (AFF-15): system content for affiliates. */
export const AffiliateAssetsResponse = z.object({
  logoUrl: text(),
  shortDescription: text(),
  longDescription: text(),
  testimonials: z.array(text()),
});
export type AffiliateAssetsResponse = z.infer<typeof AffiliateAssetsResponse>;
