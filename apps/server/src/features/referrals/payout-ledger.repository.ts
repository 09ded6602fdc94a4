// The affiliate programme's entries in the payout ledger (decision 019): referrals owns `reward_payouts`, and
// the affiliates feature records, releases, batches and reads its commissions' entries through here.
import { and, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rewardPayouts } from "../../db/schema/referrals.ts";

type Rows<T> = { rows: T[] };
const iso = (d: Date) => d.toISOString();

/**
 * The affiliate programme's entries as a subquery to join on `affiliate_commission_id` (with `id`, `amount`,
 * `currency`, `status`, `due_at`, `claimable_at`, `paid_at`, `payout_batch`). PostgreSQL inlines it, so a
 * join through it is planned as the join on the table was.
 */
export const affiliatePayoutsSubquery = (): SQL => sql`(
  select id, affiliate_commission_id, amount, currency, status, due_at, claimable_at, paid_at, payout_batch
  from reward_payouts where programme = 'affiliate')`;

export interface NewAffiliatePayout {
  beneficiaryAccountId: string;
  affiliateCommissionId: string;
  amount: number;
  currency: string;
  dueAt: Date;
}

/** One commission's single entry, pending until its due date. */
export async function insertAffiliatePayout(db: Db, p: NewAffiliatePayout): Promise<void> {
  await db.insert(rewardPayouts).values({
    programme: "affiliate",
    beneficiaryAccountId: p.beneficiaryAccountId,
    affiliateCommissionId: p.affiliateCommissionId,
    sequence: 0,
    amount: p.amount,
    currency: p.currency,
    status: "pending",
    dueAt: p.dueAt,
  });
}

/** The commissions' entries not yet paid out or exported become reversed; returns how many did. */
export async function reverseAffiliatePayouts(db: Db, commissionIds: string[], at: Date): Promise<number> {
  if (commissionIds.length === 0) return 0;
  const rows = await db
    .update(rewardPayouts)
    .set({ status: "reversed", updatedAt: at })
    .where(
      and(
        inArray(rewardPayouts.affiliateCommissionId, commissionIds),
        inArray(rewardPayouts.status, ["pending", "payable"]),
        isNull(rewardPayouts.payoutBatch),
      ),
    )
    .returning({ id: rewardPayouts.id });
  return rows.length;
}

/** Pending entries past their due date become payable, claimed once across instances (SKIP LOCKED). */
export async function releasePayableAffiliatePayouts(db: Db, now: Date, batch: number) {
  const result = (await db.execute(sql`
    update reward_payouts p set status = 'payable', claimable_at = ${iso(now)}, updated_at = ${iso(now)}
    where p.id in (
      select id from reward_payouts
      where programme = 'affiliate' and status = 'pending' and due_at <= ${iso(now)}
      order by due_at limit ${batch} for update skip locked)
    returning p.beneficiary_account_id, p.amount, p.currency`)) as unknown as Rows<{
    beneficiary_account_id: string;
    amount: number;
    currency: string;
  }>;
  return result.rows;
}

/**
 * Puts the given entries in a payout batch where they are still payable and in none; an entry another
 * export took first is left out. Returns the entries this call put in the batch.
 */
export async function assignAffiliatePayoutBatch(db: Db, batch: string, at: Date, entryIds: string[]) {
  if (entryIds.length === 0) return [];
  return db
    .update(rewardPayouts)
    .set({ payoutBatch: batch, updatedAt: at })
    .where(
      and(
        inArray(rewardPayouts.id, entryIds),
        sql`${rewardPayouts.programme} = 'affiliate' and ${rewardPayouts.status} = 'payable'`,
        isNull(rewardPayouts.payoutBatch),
      ),
    )
    .returning({ id: rewardPayouts.id });
}

/** The exported batch was paid: its payable entries become paid. Returns their beneficiaries and amounts. */
export async function markAffiliateBatchPaid(db: Db, batch: string, at: Date) {
  const result = (await db.execute(sql`
    update reward_payouts p set status = 'paid', paid_at = ${iso(at)}, updated_at = ${iso(at)}
    where p.programme = 'affiliate' and p.payout_batch = ${batch} and p.status = 'payable'
    returning p.beneficiary_account_id, p.amount, p.currency`)) as unknown as Rows<{
    beneficiary_account_id: string;
    amount: number;
    currency: string;
  }>;
  return result.rows;
}
