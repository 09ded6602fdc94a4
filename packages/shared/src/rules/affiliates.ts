/**
 * Affiliate commission rules (AFF-13, AFF-16, IMPL-19, OPEN-24/71; decision 019). Money in minor units with a
 * currency code, like billing; exchange rates as decimal strings so a stored rate reads back exactly.
 */
import type { Currency } from "./billing.ts";

const DAY_MS = 86_400_000;

/** AFF-13: the advertised programme, and the 35/90-day rules it shares with referrals (XCUT-58, OPEN-71). */
export const AFFILIATE_TERMS = {
  advertisedPercentage: 25,
  paidDaysBeforePayable: 35,
  claimWindowDays: 90,
} as const;

export const COMMISSION_MODELS = ["percentage", "fixed"] as const;
export type CommissionModel = (typeof COMMISSION_MODELS)[number];

/** An affiliate's commission settings (AUTH-19, AFF-16). `amount` is minor units of `currency`. */
export interface CommissionSettings {
  model: CommissionModel;
  percentage: number;
  amount: number;
  months: number;
  currency: Currency;
}

/** OPEN-24: what a new affiliate gets until support changes it. */
export const DEFAULT_COMMISSION: Omit<CommissionSettings, "currency"> = {
  model: "percentage",
  percentage: 25,
  amount: 0,
  months: 12,
};

/**
 * Rates into each payout currency: `rate(from, to)` units of `to` per unit of `from`. Configuration, not
 * market data (decision 019): each commission stores the rate it was converted at.
 */
export const DEFAULT_USD_RATES: Readonly<Record<Currency, string>> = {
  usd: "1",
  gbp: "0.79",
  eur: "0.92",
  aud: "1.52",
};

/** The rate from one currency to another through usd, rounded to 6 decimals and kept as a string. */
export function exchangeRate(usdRates: Readonly<Record<Currency, string>>, from: Currency, to: Currency): string {
  if (from === to) return "1";
  const rate = Number(usdRates[to]) / Number(usdRates[from]);
  return String(Math.round(rate * 1e6) / 1e6);
}

/** The product's billing month (XCUT-57), so N months of commission are N monthly invoices. */
export const COMMISSION_MONTH_DAYS = 30;

/** The end (exclusive) of the commission window: `months` billing months after the first paid invoice. */
export function commissionWindowEnd(firstPaidAt: Date, months: number): Date {
  return new Date(firstPaidAt.getTime() + Math.max(0, Math.floor(months)) * COMMISSION_MONTH_DAYS * DAY_MS);
}

/** When a commission earned at `paidAt` becomes payable: after 35 days of paid subscription (AFF-13). */
export function commissionPayableAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + AFFILIATE_TERMS.paidDaysBeforePayable * DAY_MS);
}

export interface PaidInvoice {
  id: string;
  paidAt: Date;
  /** After discounts (what the customer paid), minor units. */
  amountPaid: number;
  currency: Currency;
}

export interface Commission {
  invoiceId: string;
  /** The commission in the invoice's currency, minor units. */
  invoiceCommission: number;
  /** Converted into the affiliate's currency at `rate`, minor units. */
  amount: number;
  currency: Currency;
  rate: string;
}

/**
 * The commission on one paid invoice (AFF-16, IMPL-19): the percentage of what was paid after discounts, or
 * the fixed amount (already in the affiliate's currency) for each paid invoice; nothing outside the window,
 * for a free invoice, or for an invoice paid before the first. Never negative.
 */
export function commissionFor(
  invoice: PaidInvoice,
  settings: CommissionSettings,
  firstPaidAt: Date,
  usdRates: Readonly<Record<Currency, string>>,
): Commission | null {
  const paid = Math.max(0, Math.floor(invoice.amountPaid));
  if (paid === 0) return null;
  if (invoice.paidAt < firstPaidAt || invoice.paidAt >= commissionWindowEnd(firstPaidAt, settings.months)) return null;
  if (settings.model === "fixed") {
    const amount = Math.max(0, Math.floor(settings.amount));
    if (amount === 0) return null;
    const rate = exchangeRate(usdRates, settings.currency, invoice.currency);
    return {
      invoiceId: invoice.id,
      invoiceCommission: Math.round(amount * Number(rate)),
      amount,
      currency: settings.currency,
      rate: exchangeRate(usdRates, invoice.currency, settings.currency),
    };
  }
  const percentage = Math.min(100, Math.max(0, settings.percentage));
  const invoiceCommission = Math.floor((paid * percentage) / 100);
  const rate = exchangeRate(usdRates, invoice.currency, settings.currency);
  const amount = Math.max(0, Math.round(invoiceCommission * Number(rate)));
  if (amount === 0) return null;
  return { invoiceId: invoice.id, invoiceCommission, amount, currency: settings.currency, rate };
}

/**
 * The commissions a customer's paid invoices earn, each invoice once however often it is listed (replayed
 * webhooks, overlapping pages): what the ledger's unique index does in the database.
 */
export function commissionsFor(
  invoices: readonly PaidInvoice[],
  settings: CommissionSettings,
  firstPaidAt: Date,
  usdRates: Readonly<Record<Currency, string>>,
): Commission[] {
  const seen = new Set<string>();
  const out: Commission[] = [];
  for (const invoice of invoices) {
    if (seen.has(invoice.id)) continue;
    seen.add(invoice.id);
    const commission = commissionFor(invoice, settings, firstPaidAt, usdRates);
    if (commission) out.push(commission);
  }
  return out;
}

export const COMMISSION_STATUSES = ["pending", "payable", "paid", "reversed"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** OPEN-25: a tracking label from the first name plus digits: lower-case letters and digits only. */
export function trackingLabelFor(firstName: string, digits: string): string {
  const base =
    firstName
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]/g, "")
      .toLowerCase()
      .slice(0, 20) || "partner";
  return `${base}${digits}`;
}
