import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { affiliateCommissions } from "../../db/schema/affiliates.ts";
import { rewardPayouts } from "../../db/schema/referrals.ts";

type Rows<T> = { rows: T[] };
const iso = (d: Date) => d.toISOString();

export interface NewCommission {
  affiliateId: string;
  beneficiaryAccountId: string;
  customerAccountId: string;
  invoiceRef: string;
  invoicePaidAt: Date;
  invoiceAmount: number;
  invoiceCurrency: string;
  invoiceCommission: number;
  commissionModel: string;
  exchangeRate: string;
  amount: number;
  currency: string;
  payableAt: Date;
}

/**
 * Records one invoice's commission and its ledger entry, once per invoice (IMPL-19): a replayed or reordered
 * webhook finds the invoice recorded and inserts nothing. Returns whether this call recorded it.
 */
export async function insertCommissionOnce(db: Db, c: NewCommission): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(affiliateCommissions)
      .values({
        affiliateId: c.affiliateId,
        customerAccountId: c.customerAccountId,
        invoiceRef: c.invoiceRef,
        invoicePaidAt: c.invoicePaidAt,
        invoiceAmount: c.invoiceAmount,
        invoiceCurrency: c.invoiceCurrency,
        invoiceCommission: c.invoiceCommission,
        commissionModel: c.commissionModel,
        exchangeRate: c.exchangeRate,
      })
      .onConflictDoNothing()
      .returning({ id: affiliateCommissions.id });
    if (!row) return false;
    await tx.insert(rewardPayouts).values({
      programme: "affiliate",
      beneficiaryAccountId: c.beneficiaryAccountId,
      affiliateCommissionId: row.id,
      sequence: 0,
      amount: c.amount,
      currency: c.currency,
      status: "pending",
      dueAt: c.payableAt,
    });
    return true;
  });
}

/**
 * A refund (REF-16's rule for affiliates, decision 019): the refunded invoice's commission — or, when the
 * event names no invoice, every commission of the customer not yet paid out — is reversed. Paid entries stay
 * paid. Returns how many entries were reversed.
 */
export async function reverseCommissions(
  db: Db,
  customerAccountId: string,
  invoiceRef: string | null,
  at: Date,
): Promise<number> {
  const commissions = db
    .select({ id: affiliateCommissions.id })
    .from(affiliateCommissions)
    .where(
      invoiceRef
        ? and(
            eq(affiliateCommissions.customerAccountId, customerAccountId),
            eq(affiliateCommissions.invoiceRef, invoiceRef),
          )
        : eq(affiliateCommissions.customerAccountId, customerAccountId),
    );
  const rows = await db
    .update(rewardPayouts)
    .set({ status: "reversed", updatedAt: at })
    .where(
      and(
        inArray(rewardPayouts.affiliateCommissionId, commissions),
        inArray(rewardPayouts.status, ["pending", "payable"]),
        isNull(rewardPayouts.payoutBatch),
      ),
    )
    .returning({ id: rewardPayouts.id });
  return rows.length;
}

/**
 * Job: pending commissions past their 35 days become payable, claimed once across instances
 * (FOR UPDATE SKIP LOCKED). Returns the affiliate accounts and what became payable, for the email.
 */
export async function releasePayableCommissions(db: Db, now: Date, batch: number) {
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

/** Operator: affiliate ledger entries of a status, with the affiliate's email and PayPal address. */
export async function findCommissionsForOperator(db: Db, status: string, limit: number) {
  const result = (await db.execute(sql`
    select p.id, p.amount, p.currency, p.status, p.due_at, p.claimable_at, p.paid_at, p.payout_batch,
      c.invoice_ref, c.invoice_amount, c.invoice_currency, c.exchange_rate,
      f.user_id, f.paypal_email, f.tracking_label
    from reward_payouts p
    join affiliate_commissions c on c.id = p.affiliate_commission_id
    join affiliates f on f.id = c.affiliate_id
    where p.programme = 'affiliate' and p.status = ${status}
    order by coalesce(p.paid_at, p.claimable_at, p.due_at) desc
    limit ${limit}`)) as unknown as Rows<{
    id: string;
    amount: number;
    currency: string;
    status: string;
    due_at: string | Date;
    claimable_at: string | Date | null;
    paid_at: string | Date | null;
    payout_batch: string | null;
    invoice_ref: string;
    invoice_amount: number;
    invoice_currency: string;
    exchange_rate: string;
    user_id: string;
    paypal_email: string | null;
    tracking_label: string;
  }>;
  return result.rows;
}

/**
 * Operator: puts every payable entry of affiliates with a PayPal email, not yet exported, in a new batch;
 * returns the batch's sums per affiliate and currency (one PayPal payout each, OPEN-71).
 */
export async function assignPayoutBatch(db: Db, batch: string, at: Date) {
  const result = (await db.execute(sql`
    with picked as (
      update reward_payouts p set payout_batch = ${batch}, updated_at = ${iso(at)}
      from affiliate_commissions c, affiliates f
      where c.id = p.affiliate_commission_id and f.id = c.affiliate_id
        and p.programme = 'affiliate' and p.status = 'payable' and p.payout_batch is null
        and f.paypal_email is not null
      returning f.id as affiliate_id, f.paypal_email, f.tracking_label, p.amount, p.currency)
    select affiliate_id, paypal_email, tracking_label, currency, sum(amount)::int as total, count(*)::int as entries
    from picked group by affiliate_id, paypal_email, tracking_label, currency
    order by tracking_label, currency`)) as unknown as Rows<{
    affiliate_id: string;
    paypal_email: string;
    tracking_label: string;
    currency: string;
    total: number;
    entries: number;
  }>;
  return result.rows;
}

/** Operator: the exported batch was paid in PayPal; its entries become paid. Returns the affiliates paid. */
export async function markBatchPaid(db: Db, batch: string, at: Date) {
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
