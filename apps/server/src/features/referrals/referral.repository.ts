import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { referralClicks, referralRewards, rewardPayouts } from "../../db/schema/referrals.ts";

type Rows<T> = { rows: T[] };
const iso = (d: Date) => d.toISOString();

/** Records one visitor's click for the day; false when this visitor was already counted today (IMPL-18). */
export async function insertReferralClick(
  db: Db,
  click: { referrerUserId: string; day: string; visitorHash: string },
): Promise<boolean> {
  const rows = await db.insert(referralClicks).values(click).onConflictDoNothing().returning({ id: referralClicks.id });
  return rows.length > 0;
}

/** REF-14: the caller's clicks and rewards earned (confirmed: past the 35 paid days); sign-ups are users'. */
export async function countReferralTotals(db: Db, referrerUserId: string) {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from referral_clicks where referrer_user_id = ${referrerUserId}) as clicks,
      (select count(*)::int from referral_rewards
        where referrer_user_id = ${referrerUserId} and status = 'confirmed') as rewards`)) as unknown as Rows<{
    clicks: number;
    rewards: number;
  }>;
  const row = result.rows[0];
  return { clicks: row?.clicks ?? 0, rewards: row?.rewards ?? 0 };
}

export interface ReferralRow {
  userId: string;
  createdAt: Date;
  trialEndsAt: Date | null;
  billingStatus: string | null;
  propertyTitle: string | null;
  rewardId: string | null;
  rewardAmount: number | null;
  rewardCurrency: string | null;
  rewardStatus: string | null;
}

/**
 * A page of the accounts the referrer brought, newest first (REF-05, REF-15, OPEN-63): the referred account's
 * first property's title, its trial end, subscription status and reward. Read across the accounts, billing and
 * properties tables in one statement; nothing about the person is selected.
 */
export async function findReferralRows(
  db: Db,
  referrerUserId: string,
  after: { createdAt: Date; userId: string } | null,
  limit: number,
): Promise<ReferralRow[]> {
  // The cursor holds milliseconds; the column holds microseconds, so both sides compare at milliseconds.
  const cursor = after
    ? sql`and (date_trunc('milliseconds', u.created_at), u.id) < (${iso(after.createdAt)}::timestamptz, ${after.userId}::uuid)`
    : sql``;
  const result = (await db.execute(sql`
    select u.id as user_id, u.created_at, a.trial_ends_at, b.status as billing_status,
      (select p.title from properties p where p.account_id = u.account_id
        order by p.created_at, p.id limit 1) as property_title,
      r.id as reward_id, r.amount as reward_amount, r.currency as reward_currency, r.status as reward_status
    from users u
    join accounts a on a.id = u.account_id
    left join billing_accounts b on b.account_id = u.account_id
    left join referral_rewards r on r.referred_account_id = u.account_id and r.referrer_user_id = u.referred_by_user_id
    where u.referred_by_user_id = ${referrerUserId} and u.is_master ${cursor}
    order by date_trunc('milliseconds', u.created_at) desc, u.id desc
    limit ${limit}`)) as unknown as Rows<{
    user_id: string;
    created_at: string | Date;
    trial_ends_at: string | Date | null;
    billing_status: string | null;
    property_title: string | null;
    reward_id: string | null;
    reward_amount: number | null;
    reward_currency: string | null;
    reward_status: string | null;
  }>;
  return result.rows.map((r) => ({
    userId: r.user_id,
    createdAt: new Date(r.created_at),
    trialEndsAt: r.trial_ends_at ? new Date(r.trial_ends_at) : null,
    billingStatus: r.billing_status,
    propertyTitle: r.property_title,
    rewardId: r.reward_id,
    rewardAmount: r.reward_amount,
    rewardCurrency: r.reward_currency,
    rewardStatus: r.reward_status,
  }));
}

/** The instalments of these rewards, for the row flags. */
export async function findPayoutsOfRewards(db: Db, rewardIds: string[]) {
  if (rewardIds.length === 0) return [];
  return db
    .select({ rewardId: rewardPayouts.referralRewardId, status: rewardPayouts.status })
    .from(rewardPayouts)
    .where(inArray(rewardPayouts.referralRewardId, rewardIds));
}

/** The reward if it is this account's to claim. */
export async function findRewardOfReferrer(db: Db, rewardId: string, referrerAccountId: string) {
  const rows = await db
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.id, rewardId), eq(referralRewards.referrerAccountId, referrerAccountId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Claimable instalments of a reward that have not expired. */
export async function findClaimablePayouts(db: Db, rewardId: string, at: Date) {
  const result = (await db.execute(sql`
    select id, amount, currency from reward_payouts
    where referral_reward_id = ${rewardId} and status = 'claimable' and expires_at > ${iso(at)}
    order by sequence`)) as unknown as Rows<{ id: string; amount: number; currency: string }>;
  return result.rows;
}

/** Pays one instalment by voucher, once: false when another request or the expiry job got there first. */
export async function markPayoutPaid(db: Db, payoutId: string, voucherCode: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(rewardPayouts)
    .set({ status: "paid", paidAt: at, voucherCode, updatedAt: at })
    .where(
      and(
        eq(rewardPayouts.id, payoutId),
        eq(rewardPayouts.status, "claimable"),
        sql`${rewardPayouts.expiresAt} > ${iso(at)}`,
      ),
    )
    .returning({ id: rewardPayouts.id });
  return rows.length > 0;
}

/** Operator's list (admin CLI): instalments claimable or paid, newest first. */
export async function findPayoutsForOperator(db: Db, status: "claimable" | "paid", limit: number) {
  const result = (await db.execute(sql`
    select p.id, p.amount, p.currency, p.status, p.claimable_at, p.expires_at, p.paid_at, p.voucher_code,
      p.sequence, r.referrer_user_id
    from reward_payouts p
    join referral_rewards r on r.id = p.referral_reward_id
    where p.programme = 'referral' and p.status = ${status}
    order by coalesce(p.paid_at, p.claimable_at) desc
    limit ${limit}`)) as unknown as Rows<{
    id: string;
    amount: number;
    currency: string;
    status: string;
    claimable_at: string | Date | null;
    expires_at: string | Date | null;
    paid_at: string | Date | null;
    voucher_code: string | null;
    sequence: number;
    referrer_user_id: string;
  }>;
  return result.rows;
}

/** Clicks on a referrer's links (their referral link, or an affiliate's partner page, OPEN-26). */
export async function countClicksOf(db: Db, referrerUserId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as clicks from referral_clicks where referrer_user_id = ${referrerUserId}`)) as unknown as Rows<{
    clicks: number;
  }>;
  return result.rows[0]?.clicks ?? 0;
}
