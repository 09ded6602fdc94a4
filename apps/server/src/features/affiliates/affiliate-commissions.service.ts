import {
  commissionPayableAt,
  commissionsFor,
  DEFAULT_USD_RATES,
  type CommissionModel,
} from "@doorstep/shared/rules/affiliates";
import { CURRENCIES, isCurrency, type Currency } from "@doorstep/shared/rules/billing";
import type { AppContext } from "../../app-context.ts";
import { sendAfterCommit } from "../../providers/email/send-after-commit.ts";
import { getUser } from "../users/user.service.ts";
import { findAffiliateOfAccount, findAffiliateOfCustomer, setFirstPaidAt } from "./affiliate.repository.ts";
import { commissionPayableEmail, formatMoney } from "./affiliate.emails.ts";
import {
  recordAffiliatePayout,
  releaseDueAffiliatePayouts,
  reverseAffiliatePayoutsOf,
} from "../referrals/payout-ledger.service.ts";
import {
  findCommissionIdsOfCustomer,
  insertCommissionOnce,
  type NewCommission,
} from "./affiliate-commissions.repository.ts";

/** Invoices read back per payment event: a year of monthly invoices and then some. */
const INVOICES_READ = 24;

/** Rates into each currency (decision 019): configuration, stored with each commission. */
export function exchangeRates(ctx: AppContext): Readonly<Record<Currency, string>> {
  return ctx.config.affiliates?.usdRates ?? DEFAULT_USD_RATES;
}

/** One invoice's commission and its ledger entry in one transaction, once per invoice; whether it recorded. */
async function recordCommissionOnce(ctx: AppContext, c: NewCommission): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const commissionId = await insertCommissionOnce(tx, c);
    if (!commissionId) return false;
    await recordAffiliatePayout(tx, {
      beneficiaryAccountId: c.beneficiaryAccountId,
      affiliateCommissionId: commissionId,
      amount: c.amount,
      currency: c.currency,
      dueAt: c.payableAt,
    });
    return true;
  });
}

/**
 * Billing calls this when an attributed customer's invoice is paid (IMPL-19; either gateway). The
 * customer's paid invoices are read back from the provider and each one inside the commission window earns
 * its commission once: a replayed, late or out-of-order event records only what is missing. Returns how
 * many commissions this call recorded.
 */
export async function recordAffiliateCommissions(
  ctx: AppContext,
  customerAccountId: string,
  customerRef: string,
): Promise<number> {
  const link = await findAffiliateOfCustomer(ctx.db, customerAccountId);
  if (!link || link.affiliate.accountId === customerAccountId) return 0;
  const { items } = await ctx.payments.listInvoices(customerRef, { limit: INVOICES_READ });
  const paid = items
    .filter((i) => i.amountPaid > 0 && isCurrency(i.currency.toLowerCase()))
    .map((i) => ({
      id: i.id,
      paidAt: i.createdAt,
      amountPaid: i.amountPaid,
      currency: i.currency.toLowerCase() as Currency,
    }));
  if (paid.length === 0) return 0;
  const earliest = new Date(Math.min(...paid.map((i) => i.paidAt.getTime())));
  const firstPaidAt = await setFirstPaidAt(ctx.db, customerAccountId, earliest);
  const a = link.affiliate;
  const settings = {
    model: a.commissionModel as CommissionModel,
    percentage: a.commissionPercentage,
    amount: a.commissionAmount,
    months: a.commissionMonths,
    currency: isCurrency(a.commissionCurrency) ? a.commissionCurrency : CURRENCIES[0],
  };
  const byId = new Map(paid.map((i) => [i.id, i]));
  let recorded = 0;
  for (const c of commissionsFor(paid, settings, firstPaidAt, exchangeRates(ctx))) {
    const invoice = byId.get(c.invoiceId)!;
    const inserted = await recordCommissionOnce(ctx, {
      affiliateId: a.id,
      beneficiaryAccountId: a.accountId,
      customerAccountId,
      invoiceRef: invoice.id,
      invoicePaidAt: invoice.paidAt,
      invoiceAmount: invoice.amountPaid,
      invoiceCurrency: invoice.currency,
      invoiceCommission: c.invoiceCommission,
      commissionModel: settings.model,
      exchangeRate: c.rate,
      amount: c.amount,
      currency: c.currency,
      payableAt: commissionPayableAt(invoice.paidAt),
    });
    if (inserted) recorded++;
  }
  return recorded;
}

/**
 * Billing calls this on a refund: the commission of the refunded invoice (all unpaid ones of the customer
 * when the event names none) is reversed. Missing commissions are recorded first, so a refund delivered
 * before its invoice's paid event still reverses it.
 */
export async function reverseAffiliateCommissions(
  ctx: AppContext,
  customerAccountId: string,
  customerRef: string,
  invoiceRef: string | null,
): Promise<number> {
  const link = await findAffiliateOfCustomer(ctx.db, customerAccountId);
  if (!link) return 0;
  await recordAffiliateCommissions(ctx, customerAccountId, customerRef);
  const commissionIds = await findCommissionIdsOfCustomer(ctx.db, customerAccountId, invoiceRef);
  return reverseAffiliatePayoutsOf(ctx.db, commissionIds, ctx.now());
}

/**
 * Job (IMPL-19): commissions past their 35 days become payable, once across instances; each affiliate is
 * told by email what became payable (IMPL-20). Returns how many entries changed.
 */
export async function runAffiliateCommissions(ctx: AppContext, batch = 200): Promise<number> {
  const now = ctx.now();
  const owed = new Map<string, Map<string, number>>();
  let changed = 0;
  for (;;) {
    const rows = await releaseDueAffiliatePayouts(ctx.db, now, batch);
    for (const r of rows) {
      const sums = owed.get(r.beneficiaryAccountId) ?? new Map<string, number>();
      sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amount);
      owed.set(r.beneficiaryAccountId, sums);
    }
    changed += rows.length;
    if (rows.length < batch) break;
  }
  for (const [accountId, sums] of owed) {
    const affiliate = await findAffiliateOfAccount(ctx.db, accountId);
    if (!affiliate) continue;
    const user = await getUser(ctx, affiliate.userId);
    const amounts = [...sums].map(([currency, amount]) => formatMoney(amount, currency)).join(" and ");
    await sendAfterCommit(
      ctx,
      commissionPayableEmail(user.email, user.firstName, amounts, `${ctx.config.publicUrl}/affiliate-payment-details`),
    );
  }
  return changed;
}
