// The payout ledger as the affiliates feature uses it (decisions 019, 037): its commissions' entries live in
// referrals' `reward_payouts`. Writes take the caller's handle, so a commission and its entry share a
// transaction.
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  affiliatePayoutsSubquery,
  assignAffiliatePayoutBatch,
  insertAffiliatePayout,
  markAffiliateBatchPaid,
  releasePayableAffiliatePayouts,
  reverseAffiliatePayouts,
} from "./payout-ledger.repository.ts";

/** A commission's entry to record: its amount in the affiliate's currency, pending until `dueAt`. */
export interface AffiliatePayout {
  beneficiaryAccountId: string;
  affiliateCommissionId: string;
  amount: number;
  currency: string;
  dueAt: Date;
}

/** An amount that changed status, for the affiliate's email. */
export interface LedgerAmount {
  beneficiaryAccountId: string;
  amount: number;
  currency: string;
}

/**
 * The affiliate programme's ledger entries as a subquery another feature joins on `affiliate_commission_id`
 * (columns `id`, `amount`, `currency`, `status`, `due_at`, `claimable_at`, `paid_at`, `payout_batch`): the
 * affiliate's sums, customer list and the operator's list stay one statement each.
 */
export function affiliatePayoutsSql(): SQL {
  return affiliatePayoutsSubquery();
}

/** Records a commission's entry, in the caller's transaction (the commission's insert). */
export async function recordAffiliatePayout(db: Db, payout: AffiliatePayout): Promise<void> {
  await insertAffiliatePayout(db, payout);
}

/** A refund (decision 019): the commissions' entries not paid out or exported are reversed; returns how many. */
export async function reverseAffiliatePayoutsOf(db: Db, commissionIds: string[], at: Date): Promise<number> {
  return reverseAffiliatePayouts(db, commissionIds, at);
}

/** Job: up to `batch` pending entries past their due date become payable, claimed once across instances. */
export async function releaseDueAffiliatePayouts(db: Db, now: Date, batch: number): Promise<LedgerAmount[]> {
  const rows = await releasePayableAffiliatePayouts(db, now, batch);
  return rows.map((r) => ({ beneficiaryAccountId: r.beneficiary_account_id, amount: r.amount, currency: r.currency }));
}

/** OPEN-71: puts the entries, where still payable and unexported, in the batch; returns the ids it took. */
export async function batchAffiliatePayouts(db: Db, batch: string, at: Date, entryIds: string[]): Promise<string[]> {
  const rows = await assignAffiliatePayoutBatch(db, batch, at, entryIds);
  return rows.map((r) => r.id);
}

/** The exported batch was paid in PayPal: its entries become paid. Returns what was paid. */
export async function markAffiliatePayoutsPaid(db: Db, batch: string, at: Date): Promise<LedgerAmount[]> {
  const rows = await markAffiliateBatchPaid(db, batch, at);
  return rows.map((r) => ({ beneficiaryAccountId: r.beneficiary_account_id, amount: r.amount, currency: r.currency }));
}
