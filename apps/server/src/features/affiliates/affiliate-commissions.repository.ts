import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { affiliateCommissions } from "../../db/schema/affiliates.ts";
import { affiliatePayoutsSql } from "../referrals/payout-ledger.service.ts";

type Rows<T> = { rows: T[] };

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
 * Records one invoice's commission, once per invoice (IMPL-19): a replayed or reordered webhook finds the
 * invoice recorded and inserts nothing. Returns the new commission's id, or null when it was recorded before.
 */
export async function insertCommissionOnce(db: Db, c: NewCommission): Promise<string | null> {
  const [row] = await db
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
  return row?.id ?? null;
}

/** The customer's commissions: the refunded invoice's, or every one when the refund names no invoice. */
export async function findCommissionIdsOfCustomer(
  db: Db,
  customerAccountId: string,
  invoiceRef: string | null,
): Promise<string[]> {
  const rows = await db
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
  return rows.map((r) => r.id);
}

/** Operator: affiliate ledger entries of a status, with the affiliate's email and PayPal address. */
export async function findCommissionsForOperator(db: Db, status: string, limit: number) {
  const result = (await db.execute(sql`
    select p.id, p.amount, p.currency, p.status, p.due_at, p.claimable_at, p.paid_at, p.payout_batch,
      c.invoice_ref, c.invoice_amount, c.invoice_currency, c.exchange_rate,
      f.user_id, f.paypal_email, f.tracking_label
    from ${affiliatePayoutsSql()} p
    join affiliate_commissions c on c.id = p.affiliate_commission_id
    join affiliates f on f.id = c.affiliate_id
    where p.status = ${status}
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
 * Operator: every payable entry not yet exported of affiliates with a PayPal email, with the affiliate's
 * address and label (OPEN-71). The ledger then puts them in a batch.
 */
export async function findPayableForExport(db: Db) {
  const result = (await db.execute(sql`
    select p.id, f.id as affiliate_id, f.paypal_email, f.tracking_label, p.amount, p.currency
    from ${affiliatePayoutsSql()} p
    join affiliate_commissions c on c.id = p.affiliate_commission_id
    join affiliates f on f.id = c.affiliate_id
    where p.status = 'payable' and p.payout_batch is null and f.paypal_email is not null`)) as unknown as Rows<{
    id: string;
    affiliate_id: string;
    paypal_email: string;
    tracking_label: string;
    amount: number;
    currency: string;
  }>;
  return result.rows;
}
