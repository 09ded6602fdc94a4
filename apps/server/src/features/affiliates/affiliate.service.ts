import { randomInt } from "node:crypto";
import { copy } from "@doorstep/shared/copy";
import { trackingLabelFor, type CommissionModel } from "@doorstep/shared/rules/affiliates";
import {
  CURRENCIES,
  isCurrency,
  LIVE_STATUSES,
  type Currency,
  type SubscriptionStatus,
} from "@doorstep/shared/rules/billing";
import type {
  AffiliateAssetsResponse,
  AffiliateProfileResponse,
  AffiliateStatsResponse,
  CommissionTotals,
  PartnerPageResponse,
  UpdateAffiliatePaymentDetailsRequest,
} from "@doorstep/shared/schemas/affiliates";
import type { AppContext, Caller, RequestMeta } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { EmailMessage } from "../../providers/email/email-provider.ts";
import { affiliateWelcomeEmail } from "./affiliate.emails.ts";
import { countReferralClicks, recordReferralClick } from "../referrals/referral-clicks.service.ts";
import { findSystemContent } from "../system/system-content.service.ts";
import { getUser, type UserWithAccount } from "../users/user.service.ts";
import {
  countAffiliateTotals,
  findAffiliateByLabel,
  findAffiliateCustomerRows,
  findAffiliateOfAccount,
  insertAffiliate,
  insertAffiliateCustomer,
  sumAffiliateLedger,
  updateAffiliate,
  type AffiliateRow,
} from "./affiliate.repository.ts";

/** AFF-06, IMPL-23: the system content labels the operator edits. */
export const LANDING_LABEL = "affiliate-landing";
export const ASSETS_LABEL = "affiliate-assets";

/** A plain Doorstep logo for the media assets until the operator sets one (AFF-15). */
export const DEFAULT_LOGO_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64"><rect width="64" height="64" rx="14" fill="#0f766e"/><path d="M20 48V18h14a14 14 0 0 1 0 28h-6" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/><text x="78" y="42" font-family="system-ui,sans-serif" font-size="28" font-weight="700" fill="#0f172a">Doorstep</text></svg>',
)}`;

/** IMPL-20: the affiliate welcome email for a new affiliate, naming their partner link. */
export function affiliateWelcome(
  ctx: AppContext,
  to: string,
  firstName: string,
  trackingLabel: string,
  dashboardUrl: string,
): EmailMessage {
  return affiliateWelcomeEmail(to, firstName, partnerLinkFor(ctx, trackingLabel), dashboardUrl);
}

/** OPEN-25: the affiliate link is {dashboard host}/partners/{trackinglabel}. */
export function partnerLinkFor(ctx: AppContext, label: string): string {
  return `${ctx.config.publicUrl}/partners/${encodeURIComponent(label)}`;
}

/**
 * AFF-04, OPEN-24/25: the Affiliate record of a new affiliate user, named after them, with a unique tracking
 * label (first name plus digits; drawn again on a collision) and the default commission.
 */
export async function createAffiliateRecord(
  ctx: AppContext,
  user: { id: string; accountId: string; firstName: string },
  currency: Currency = CURRENCIES[0],
): Promise<AffiliateRow> {
  for (let attempt = 0; ; attempt++) {
    const digits = String(randomInt(attempt < 5 ? 1000 : 100_000, attempt < 5 ? 10_000 : 1_000_000));
    try {
      return await insertAffiliate(ctx.db, {
        userId: user.id,
        accountId: user.accountId,
        name: user.firstName,
        trackingLabel: trackingLabelFor(user.firstName, digits),
        commissionCurrency: currency,
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 10) throw error;
    }
  }
}

/**
 * AFF-17: a host sign-up that arrived with utm_medium=affiliate and an affiliate's tracking label as
 * utm_campaign is that affiliate's customer. An affiliate never refers their own account.
 */
export async function attributeSignUp(
  ctx: AppContext,
  accountId: string,
  utm: { medium?: string | null; campaign?: string | null },
): Promise<void> {
  if (utm.medium?.trim().toLowerCase() !== "affiliate" || !utm.campaign?.trim()) return;
  const affiliate = await findAffiliateByLabel(ctx.db, utm.campaign.trim().toLowerCase());
  if (!affiliate || affiliate.accountId === accountId) return;
  await insertAffiliateCustomer(ctx.db, accountId, affiliate.id);
}

/** AFF-06…09: the partner page's public data; the view counts as a link click (OPEN-26) when it can. */
export async function getPartnerPage(
  ctx: AppContext,
  label: string,
  meta: Pick<RequestMeta, "ip" | "userAgent">,
): Promise<PartnerPageResponse> {
  const affiliate = await findAffiliateByLabel(ctx.db, label.trim().toLowerCase());
  if (!affiliate) throw notFound("affiliate-label");
  const [user, landing] = await Promise.all([getUser(ctx, affiliate.userId), findSystemContent(ctx.db, LANDING_LABEL)]);
  try {
    await recordReferralClick(ctx, user.referrerCode, meta);
  } catch (error) {
    ctx.log.warn({ err: error }, "partner page click not recorded");
  }
  return {
    name: affiliate.name,
    logoUrl: affiliate.logoUrl,
    label: affiliate.trackingLabel,
    landing: {
      title: landing?.title || copy.affiliates.partner.defaultTitle,
      description: landing?.description || copy.affiliates.partner.defaultDescription,
      imageUrl: landing?.imageUrl || null,
    },
  };
}

/** The caller's affiliate record; a host (or anyone without one) is told it does not exist (XCUT-09). */
async function requireAffiliate(
  ctx: AppContext,
  caller: Caller,
): Promise<{ user: UserWithAccount; affiliate: AffiliateRow }> {
  const user = await getUser(ctx, caller.userId);
  if (!user.isAffiliate) throw notFound("affiliate");
  // A sign-up that stopped between the user and its record gets the record on first use (AFF-04).
  const affiliate =
    (await findAffiliateOfAccount(ctx.db, user.accountId)) ??
    (user.isMaster ? await createAffiliateRecord(ctx, user) : null);
  if (!affiliate) throw notFound("affiliate");
  return { user, affiliate };
}

function profileOf(ctx: AppContext, a: AffiliateRow): AffiliateProfileResponse {
  return {
    name: a.name,
    trackingLabel: a.trackingLabel,
    partnerLink: partnerLinkFor(ctx, a.trackingLabel),
    commissionCurrency: isCurrency(a.commissionCurrency) ? a.commissionCurrency : CURRENCIES[0],
    payPalEmail: a.payPalEmail,
    commission: {
      model: a.commissionModel as CommissionModel,
      percentage: a.commissionPercentage,
      amount: a.commissionAmount,
      months: a.commissionMonths,
    },
  };
}

/** GET /api/affiliate (AFF-10): the caller's link, payment details and commission settings. */
export async function getAffiliateProfile(ctx: AppContext, caller: Caller): Promise<AffiliateProfileResponse> {
  const { affiliate } = await requireAffiliate(ctx, caller);
  return profileOf(ctx, affiliate);
}

/** AFF-11, AFF-14, AUTH-43: the master affiliate sets the payment currency and PayPal email; nothing else. */
export async function updatePaymentDetails(
  ctx: AppContext,
  caller: Caller,
  input: UpdateAffiliatePaymentDetailsRequest,
): Promise<void> {
  const { user, affiliate } = await requireAffiliate(ctx, caller);
  if (!user.isMaster) throw new AppError("AFFILIATE_PAYMENT_OWNER_ONLY");
  await updateAffiliate(
    ctx.db,
    affiliate.id,
    {
      ...(input.commissionCurrency ? { commissionCurrency: input.commissionCurrency } : {}),
      ...(input.payPalEmail !== undefined ? { payPalEmail: input.payPalEmail?.toLowerCase() ?? null } : {}),
    },
    ctx.now(),
  );
}

const STATS_ROWS = 500;

/** GET /api/affiliate/stats (AFF-12, OPEN-26): the caller's totals and customers, nobody's personal data. */
export async function getAffiliateStats(ctx: AppContext, caller: Caller): Promise<AffiliateStatsResponse> {
  const { affiliate } = await requireAffiliate(ctx, caller);
  const [clicks, customers, ledger, rows] = await Promise.all([
    countReferralClicks(ctx, affiliate.userId),
    countAffiliateTotals(ctx.db, affiliate),
    sumAffiliateLedger(ctx.db, affiliate.id),
    findAffiliateCustomerRows(ctx.db, affiliate.id, STATS_ROWS),
  ]);
  const byCurrency = new Map<Currency, CommissionTotals>();
  for (const row of ledger) {
    if (!isCurrency(row.currency)) continue;
    const t = byCurrency.get(row.currency) ?? { currency: row.currency, earned: 0, pending: 0, payable: 0, paid: 0 };
    if (row.status === "reversed") continue;
    t.earned += row.total;
    if (row.status === "pending" || row.status === "payable" || row.status === "paid") t[row.status] += row.total;
    byCurrency.set(row.currency, t);
  }
  return {
    linkClicks: clicks,
    trialsStarted: customers.trials,
    payingCustomers: customers.paying,
    commissions: [...byCurrency.values()],
    customers: rows.map((r) => ({
      signUpMonth: new Date(r.created_at).toISOString().slice(0, 7),
      rewardCredited: Boolean(r.paid) && !r.payable,
      rewardClaimable: Boolean(r.payable),
      activeSubscriber: r.billing_status !== null && LIVE_STATUSES.has(r.billing_status as SubscriptionStatus),
      trialEndDate: r.trial_ends_at ? new Date(r.trial_ends_at).toISOString() : null,
      commission: r.commission,
      currency: r.currency && isCurrency(r.currency) ? r.currency : null,
    })),
  };
}

/** GET /api/affiliate/assets (AFF-15): the logo, descriptions and testimonials from system content. */
export async function getAffiliateAssets(ctx: AppContext, caller: Caller): Promise<AffiliateAssetsResponse> {
  await requireAffiliate(ctx, caller);
  const assets = await findSystemContent(ctx.db, ASSETS_LABEL);
  const defaults = copy.affiliates.assets.defaults;
  return {
    logoUrl: assets?.imageUrl || DEFAULT_LOGO_URL,
    shortDescription: assets?.description || defaults.shortDescription,
    longDescription: assets?.longDescription || defaults.longDescription,
    testimonials: assets?.items?.length ? assets.items : [...defaults.testimonials],
  };
}
