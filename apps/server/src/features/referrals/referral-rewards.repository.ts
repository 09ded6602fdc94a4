import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { referralRewards, rewardPayouts } from "../../db/schema/referrals.ts";
import { subscriptionStatusSql } from "../billing/billing.service.ts";

type Rows<T> = { rows: T[] };
const iso = (d: Date) => d.toISOString();

/** One reward per referred account for good: a replayed or second paid invoice inserts nothing. */
export async function insertRewardOnce(db: Db, reward: typeof referralRewards.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(referralRewards)
    .values(reward)
    .onConflictDoNothing({ target: referralRewards.referredAccountId })
    .returning({ id: referralRewards.id });
  return rows.length > 0;
}

/** A refund or an ended subscription cancels a reward still waiting for its 35 days (REF-16). */
export async function cancelPendingReward(db: Db, referredAccountId: string, reason: string, at: Date) {
  const rows = await db
    .update(referralRewards)
    .set({ status: "cancelled", cancelReason: reason, cancelledAt: at, updatedAt: at })
    .where(and(eq(referralRewards.referredAccountId, referredAccountId), eq(referralRewards.status, "pending")))
    .returning({ id: referralRewards.id });
  return rows.length > 0;
}

/**
 * Pending rewards whose 35 days are up: claimed once across instances (SKIP LOCKED) and settled in the same
 * statement — confirmed when the friend's subscription is active, cancelled when it has ended or gone unpaid.
 * A past-due one waits for the next run. Runs inside the caller's transaction, which adds the instalments.
 */
export async function settleDueRewards(db: Db, at: Date, limit: number) {
  const result = (await db.execute(sql`
    update referral_rewards r set
      status = case when b.status = 'active' then 'confirmed' else 'cancelled' end,
      confirmed_at = case when b.status = 'active' then ${iso(at)}::timestamptz end,
      cancelled_at = case when b.status = 'active' then null else ${iso(at)}::timestamptz end,
      cancel_reason = case when b.status = 'active' then null else 'subscription-ended' end,
      updated_at = ${iso(at)}
    from (
      select r2.id, s.status from referral_rewards r2
      cross join lateral (select ${subscriptionStatusSql(sql`r2.referred_account_id`)} as status) s
      where r2.status = 'pending' and r2.confirmable_at <= ${iso(at)}
        and coalesce(s.status, 'canceled') <> 'past_due'
      order by r2.confirmable_at limit ${limit}
      for update of r2 skip locked
    ) b
    where r.id = b.id
    returning r.id, r.status, r.referrer_user_id, r.referrer_account_id, r.amount, r.currency, r.cycle`)) as unknown as Rows<{
    id: string;
    status: string;
    referrer_user_id: string;
    referrer_account_id: string;
    amount: number;
    currency: string;
    cycle: string;
  }>;
  return result.rows;
}

export async function insertPayouts(db: Db, payouts: (typeof rewardPayouts.$inferInsert)[]): Promise<void> {
  if (payouts.length > 0) await db.insert(rewardPayouts).values(payouts).onConflictDoNothing();
}

/**
 * Instalments that fell due (REF-18): claimable for 90 days while the friend is still subscribed, cancelled
 * once their subscription has ended; each claimed once across instances.
 */
export async function releaseDuePayouts(db: Db, at: Date, expiresAt: Date, limit: number) {
  const result = (await db.execute(sql`
    update reward_payouts p set
      status = case when d.live then 'claimable' else 'cancelled' end,
      claimable_at = case when d.live then ${iso(at)}::timestamptz end,
      expires_at = case when d.live then ${iso(expiresAt)}::timestamptz end,
      updated_at = ${iso(at)}
    from (
      select p2.id, coalesce(s.status in ('active', 'past_due'), false) as live from reward_payouts p2
      join referral_rewards r on r.id = p2.referral_reward_id
      cross join lateral (select ${subscriptionStatusSql(sql`r.referred_account_id`)} as status) s
      where p2.status = 'scheduled' and p2.due_at <= ${iso(at)}
        and coalesce(s.status, 'canceled') not in ('trialing', 'incomplete')
      order by p2.due_at limit ${limit}
      for update of p2 skip locked
    ) d
    where p.id = d.id
    returning p.id, p.status, p.amount, p.currency, p.referral_reward_id`)) as unknown as Rows<{
    id: string;
    status: string;
    amount: number;
    currency: string;
    referral_reward_id: string;
  }>;
  return result.rows;
}

/** REF-17: claimable instalments past their 90 days expire, each once. */
export async function expireUnclaimedPayouts(db: Db, at: Date, limit: number): Promise<number> {
  const result = (await db.execute(sql`
    update reward_payouts set status = 'expired', updated_at = ${iso(at)}
    where id in (
      select id from reward_payouts where status = 'claimable' and expires_at <= ${iso(at)}
      order by expires_at limit ${limit} for update skip locked
    )
    returning id`)) as unknown as Rows<{ id: string }>;
  return result.rows.length;
}

/** The referrer (user id) of a reward, for its notices. */
export async function findReferrerIdOfReward(db: Db, rewardId: string): Promise<string | null> {
  const rows = await db
    .select({ userId: referralRewards.referrerUserId })
    .from(referralRewards)
    .where(eq(referralRewards.id, rewardId))
    .limit(1);
  return rows[0]?.userId ?? null;
}
