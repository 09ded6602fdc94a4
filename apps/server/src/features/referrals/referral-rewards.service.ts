import { CURRENCIES, isCurrency, type Currency } from "@doorstep/shared/rules/billing";
import {
  claimExpiresAt,
  DEFAULT_MONTHLY_INSTALMENTS,
  DEFAULT_REFERRAL_REWARD_VALUES,
  instalmentDueAt,
  rewardConfirmableAt,
  splitReward,
} from "@doorstep/shared/rules/referrals";
import type { AppContext } from "../../app-context.ts";
import { sendAfterCommit } from "../../providers/email/send-after-commit.ts";
import { findSubscriptionSummary } from "../billing/billing.service.ts";
import { findMasterUser, findUser } from "../users/user.service.ts";
import { formatReward, rewardClaimableEmail } from "./referral.emails.ts";
import {
  cancelPendingReward,
  expireUnclaimedPayouts,
  findReferrerIdOfReward,
  insertPayouts,
  insertRewardOnce,
  releaseDuePayouts,
  settleDueRewards,
} from "./referral-rewards.repository.ts";

/** REF-19, OPEN-22: the configured reward per currency, in minor units. */
export function rewardValues(ctx: AppContext): Record<Currency, number> {
  return ctx.config.referrals?.rewardValues ?? { ...DEFAULT_REFERRAL_REWARD_VALUES };
}

const monthlyInstalments = (ctx: AppContext) => ctx.config.referrals?.monthlyInstalments ?? DEFAULT_MONTHLY_INSTALMENTS;

/**
 * Who referred this account's master user, with what a new reward needs: the referrer's account and
 * currency (their fixed currency, else their subscription's), the referred subscription's cycle, and both
 * accounts' card fingerprints (Stripe only).
 */
async function findReferralOfAccount(ctx: AppContext, referredAccountId: string) {
  const referred = await findMasterUser(ctx, referredAccountId);
  const referrer = referred?.referredByUserId ? await findUser(ctx, referred.referredByUserId) : null;
  if (!referrer) return null;
  const [referrerBilling, referredBilling] = await Promise.all([
    findSubscriptionSummary(ctx, referrer.accountId),
    findSubscriptionSummary(ctx, referredAccountId),
  ]);
  return {
    referrer_user_id: referrer.id,
    referrer_account_id: referrer.accountId,
    referrer_currency: referrer.account.defaultCurrency ?? referrerBilling?.currency ?? null,
    cycle: referredBilling?.cycle ?? null,
    referrer_card: referrerBilling?.cardFingerprint ?? null,
    referred_card: referredBilling?.cardFingerprint ?? null,
  };
}

/**
 * Billing calls this when an account's invoice is paid and its subscription is active (IMPL-14; the first
 * paid invoice, on either gateway). The first call for a referred account makes its pending reward; every
 * later or replayed call finds it made. A referrer in the same account, or a friend paying with the
 * referrer's own card (same provider fingerprint), earns nothing (decision 018).
 */
export async function recordReferredPayment(ctx: AppContext, referredAccountId: string): Promise<void> {
  const referral = await findReferralOfAccount(ctx, referredAccountId);
  if (!referral || referral.referrer_account_id === referredAccountId) return;
  // Self-referral by a second account paying with the referrer's own card (decision 018).
  if (referral.referred_card && referral.referred_card === referral.referrer_card) {
    ctx.log.info({ referredAccountId }, "referral paid with the referrer's card: no reward");
    return;
  }
  const currency: Currency = isCurrency(referral.referrer_currency) ? referral.referrer_currency : CURRENCIES[0];
  const now = ctx.now();
  await insertRewardOnce(ctx.db, {
    referrerUserId: referral.referrer_user_id,
    referrerAccountId: referral.referrer_account_id,
    referredAccountId,
    amount: rewardValues(ctx)[currency],
    currency,
    cycle: referral.cycle === "annual" ? "annual" : "monthly",
    firstPaidAt: now,
    confirmableAt: rewardConfirmableAt(now),
  });
}

/** Billing calls this on a refund or an ended subscription: a reward still pending is cancelled (REF-16). */
export async function cancelReferredReward(
  ctx: AppContext,
  referredAccountId: string,
  reason: "refund" | "subscription-ended",
): Promise<void> {
  await cancelPendingReward(ctx.db, referredAccountId, reason, ctx.now());
}

/**
 * Job (IMPL-17): rewards past their 35 paid days are confirmed (first instalment claimable, the rest
 * scheduled 30 days apart) or cancelled; instalments that fell due are released; unclaimed ones expire
 * after 90 days. Every row is claimed once across instances. Returns how many rows changed.
 */
export async function runReferralRewards(ctx: AppContext, batch = 200): Promise<number> {
  const now = ctx.now();
  const referralsUrl = `${ctx.config.publicUrl}/referrals`;
  const notices: { rewardId: string; amount: number; currency: string }[] = [];
  let changed = 0;
  for (;;) {
    const settled = await ctx.db.transaction(async (tx) => {
      const rows = await settleDueRewards(tx, now, batch);
      for (const reward of rows.filter((r) => r.status === "confirmed")) {
        const parts = splitReward(
          reward.amount,
          reward.cycle === "annual" ? "annual" : "monthly",
          monthlyInstalments(ctx),
        );
        await insertPayouts(
          tx,
          parts.map((amount, sequence) => ({
            programme: "referral",
            beneficiaryAccountId: reward.referrer_account_id,
            referralRewardId: reward.id,
            sequence,
            amount,
            currency: reward.currency,
            status: sequence === 0 ? "claimable" : "scheduled",
            dueAt: instalmentDueAt(now, sequence),
            claimableAt: sequence === 0 ? now : null,
            expiresAt: sequence === 0 ? claimExpiresAt(now) : null,
          })),
        );
        notices.push({ rewardId: reward.id, amount: parts[0] ?? 0, currency: reward.currency });
      }
      return rows.length;
    });
    changed += settled;
    if (settled < batch) break;
  }
  for (;;) {
    const released = await releaseDuePayouts(ctx.db, now, claimExpiresAt(now), batch);
    for (const p of released)
      if (p.status === "claimable")
        notices.push({ rewardId: p.referral_reward_id, amount: p.amount, currency: p.currency });
    changed += released.length;
    if (released.length < batch) break;
  }
  for (;;) {
    const expired = await expireUnclaimedPayouts(ctx.db, now, batch);
    changed += expired;
    if (expired < batch) break;
  }
  for (const notice of notices) {
    const referrerId = await findReferrerIdOfReward(ctx.db, notice.rewardId);
    const referrer = referrerId ? await findUser(ctx, referrerId) : null;
    if (referrer)
      await sendAfterCommit(
        ctx,
        rewardClaimableEmail(
          referrer.email,
          referrer.firstName,
          formatReward(notice.amount, notice.currency),
          referralsUrl,
        ),
      );
  }
  return changed;
}
