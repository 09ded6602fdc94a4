import { randomBytes } from "node:crypto";
import { isCurrency, LIVE_STATUSES, type Currency, type SubscriptionStatus } from "@doorstep/shared/rules/billing";
import { rewardFlags, type PayoutStatus } from "@doorstep/shared/rules/referrals";
import type {
  ClaimRewardResponse,
  CustomerReferralDto,
  ReferralDataResponse,
} from "@doorstep/shared/schemas/referrals";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { sendAfterCommit } from "../../providers/email/send-after-commit.ts";
import { countReferredSignUps, getUser, type UserWithAccount } from "../users/user.service.ts";
import { formatReward, rewardVoucherEmail } from "./referral.emails.ts";
import {
  countReferralTotals,
  findClaimablePayouts,
  findPayoutsOfRewards,
  findReferralRows,
  findRewardOfReferrer,
  markPayoutPaid,
  type ReferralRow,
} from "./referral.repository.ts";
import { rewardValues } from "./referral-rewards.service.ts";

const PAGE_SIZE = 50;

/** Referrals are for master accounts (REF-01), like billing. */
async function requireMaster(ctx: AppContext, caller: Caller): Promise<UserWithAccount> {
  const user = await getUser(ctx, caller.userId);
  if (!user.isMaster) throw new AppError("REFERRALS_OWNER_ONLY");
  return user;
}

/** REF-02: the referral base URL (this server's /r, which counts the click) + ?ref={ReferrerId}. */
export function referralLinkFor(ctx: AppContext, code: string): string {
  return `${ctx.config.publicUrl}/r?ref=${encodeURIComponent(code)}`;
}

function encodeCursor(row: ReferralRow): string {
  return `${row.createdAt.toISOString()}_${row.userId}`;
}

function decodeCursor(cursor: string | undefined): { createdAt: Date; userId: string } | null {
  const match = cursor ? /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_([0-9a-f-]{36})$/.exec(cursor) : null;
  if (!match) return null;
  const createdAt = new Date(match[1]!);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, userId: match[2]! };
}

/** GET /api/referrals (REF-04, REF-05, REF-14, REF-15): no personal data of the referred users. */
export async function getReferralData(
  ctx: AppContext,
  caller: Caller,
  cursor: string | undefined,
): Promise<ReferralDataResponse> {
  const user = await requireMaster(ctx, caller);
  const [totals, referrals, rows] = await Promise.all([
    countReferralTotals(ctx.db, user.id),
    countReferredSignUps(ctx, user.id),
    findReferralRows(ctx.db, user.id, decodeCursor(cursor), PAGE_SIZE + 1),
  ]);
  const page = rows.slice(0, PAGE_SIZE);
  const payouts = await findPayoutsOfRewards(
    ctx.db,
    page.flatMap((r) => (r.rewardId && r.rewardStatus === "confirmed" ? [r.rewardId] : [])),
  );
  const currency: Currency = isCurrency(user.account.defaultCurrency) ? user.account.defaultCurrency : "usd";
  return {
    referralLink: referralLinkFor(ctx, user.referrerCode),
    totalLinkClicks: totals.clicks,
    totalReferrals: referrals,
    totalRewards: totals.rewards,
    currentRewardValues: rewardValues(ctx),
    currency,
    customerReferrals: page.map((row): CustomerReferralDto => {
      const live = row.rewardStatus !== "cancelled";
      const flags = rewardFlags(
        payouts.filter((p) => p.rewardId === row.rewardId).map((p) => ({ status: p.status as PayoutStatus })),
      );
      return {
        rewardId: row.rewardId && live ? row.rewardId : null,
        propertyTitle: row.propertyTitle,
        rewardAmount: live ? row.rewardAmount : null,
        rewardCurrency: live && isCurrency(row.rewardCurrency) ? row.rewardCurrency : null,
        ...flags,
        activeSubscriber: row.billingStatus !== null && LIVE_STATUSES.has(row.billingStatus as SubscriptionStatus),
        trialEndDate: row.trialEndsAt?.toISOString() ?? null,
      };
    }),
    nextCursor: rows.length > PAGE_SIZE && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
  };
}

/** A voucher code: "DS-" and 12 letters and digits without look-alikes. */
function newVoucherCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(12);
  return `DS-${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("")}`;
}

/**
 * POST /api/referrals/rewards/:rewardId/claim (REF-18, OPEN-23): every claimable instalment of the caller's
 * reward is paid by a voucher sent by email, each once however many requests race. Another account's
 * reward is 404; nothing to claim is 409.
 */
export async function claimReward(ctx: AppContext, caller: Caller, rewardId: string): Promise<ClaimRewardResponse> {
  const user = await requireMaster(ctx, caller);
  const reward = await findRewardOfReferrer(ctx.db, rewardId, user.accountId);
  if (!reward) throw notFound("reward");
  const now = ctx.now();
  const vouchers: { code: string; amount: number }[] = [];
  for (const payout of await findClaimablePayouts(ctx.db, reward.id, now)) {
    const code = newVoucherCode();
    if (await markPayoutPaid(ctx.db, payout.id, code, now)) vouchers.push({ code, amount: payout.amount });
  }
  if (vouchers.length === 0) throw new AppError("NO_REWARD_TO_CLAIM");
  await sendAfterCommit(
    ctx,
    rewardVoucherEmail(
      user.email,
      user.firstName,
      vouchers.map((v) => ({ code: v.code, amount: formatReward(v.amount, reward.currency) })),
      `${ctx.config.publicUrl}/referrals`,
    ),
  );
  return {
    amount: vouchers.reduce((sum, v) => sum + v.amount, 0),
    currency: isCurrency(reward.currency) ? reward.currency : "usd",
  };
}
