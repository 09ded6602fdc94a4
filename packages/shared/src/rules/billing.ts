/**
 * Pure billing rules (BILL-04…18, BILL-25, OPEN-06/07/32/33, XCUT-57). Money is always an integer in
 * minor units (cents, pence) with a currency code (docs/architecture.md §7).
 */

export const CURRENCIES = ["usd", "gbp", "eur", "aud"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** BILL-04. */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { usd: "$", gbp: "£", eur: "€", aud: "A$" };
export const SITE_DEFAULT_CURRENCY: Currency = "usd";

export const BILLING_CYCLES = ["monthly", "annual"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** The main list prices 1…200 properties (BILL-09); above that the 200th step repeats. */
export const MAX_LISTED_QUANTITY = 200;

/** XCUT-57: next billing after an expired trial. */
export const NEXT_BILLING_DAYS: Record<BillingCycle, number> = { monthly: 30, annual: 366 };

/** Provider subscription statuses (Stripe's names, also used by the local gateway). */
export const SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "incomplete",
  "incomplete_expired",
  "unpaid",
  "canceled",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type PlanPricing =
  /** amounts[q - 1] is the total for q properties (the main list). */
  | { kind: "per-quantity"; amounts: number[] }
  /** Graduated: the 1st property at tier1Unit, the 2nd at tier2Unit, each further one at tier3Unit (BILL-12, to be confirmed). */
  | { kind: "tiered"; tier1Unit: number; tier2Unit: number; tier3Unit: number }
  /** Every property at the same price (BILL-14's per-unit table). */
  | { kind: "per-unit"; unit: number };

/** The total for `quantity` billed units under a plan's pricing (minor units). */
export function priceForQuantity(pricing: PlanPricing, quantity: number): number {
  const q = Math.max(1, Math.floor(quantity));
  switch (pricing.kind) {
    case "per-unit":
      return pricing.unit * q;
    case "tiered":
      return pricing.tier1Unit + (q >= 2 ? pricing.tier2Unit : 0) + Math.max(0, q - 2) * pricing.tier3Unit;
    case "per-quantity": {
      const table = pricing.amounts;
      if (q <= table.length) return table[q - 1]!;
      const last = table[table.length - 1]!;
      const step = table.length > 1 ? last - table[table.length - 2]! : last;
      return last + (q - table.length) * step;
    }
  }
}

/** Billed quantity (BILL-17, OPEN-06): non-archived, non-shared properties, at least 1. */
export function billedQuantity(billableProperties: number): number {
  return Math.max(1, Math.floor(billableProperties));
}

/** BILL-15: "guide" for gbp and unit-pricing plans, otherwise "property". */
export function unitLabelFor(currency: Currency, unitPricing: boolean): "guide" | "property" {
  return currency === "gbp" || unitPricing ? "guide" : "property";
}

/** Euro area members plus the states that use the euro by agreement (OPEN: list to be confirmed). */
export const EURO_COUNTRIES: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PT",
  "SK",
  "SI",
  "ES",
  "AD",
  "MC",
  "SM",
  "VA",
  "ME",
  "XK",
]);

/** The location currency of an ISO country code (BILL-05): gb → gbp, euro area → eur, au → aud, else usd. */
export function currencyForCountry(country: string | null | undefined): Currency {
  const c = (country ?? "").toUpperCase();
  if (c === "GB" || c === "UK") return "gbp";
  if (c === "AU") return "aud";
  if (EURO_COUNTRIES.has(c)) return "eur";
  return SITE_DEFAULT_CURRENCY;
}

export const isCurrency = (v: unknown): v is Currency =>
  typeof v === "string" && (CURRENCIES as readonly string[]).includes(v);

/**
 * The plan currency (BILL-03/05, OPEN-33): a set DefaultCurrency wins and cannot be changed by the
 * caller; else the caller's pick; else the location currency.
 */
export function chooseCurrency(input: {
  defaultCurrency: string | null;
  requested?: Currency;
  country: string | null;
}): { currency: Currency; fixed: boolean } {
  if (isCurrency(input.defaultCurrency)) return { currency: input.defaultCurrency, fixed: true };
  return { currency: input.requested ?? currencyForCountry(input.country), fixed: false };
}

/** BILL-25: the next billing date after charging now (monthly +30 days, annual +366 days). */
export function nextBillingDate(from: Date, cycle: BillingCycle): Date {
  return new Date(from.getTime() + NEXT_BILLING_DAYS[cycle] * 86_400_000);
}

/** Coupons we know (BILL-18, OPEN-32): P10 = 10 % off the first year. */
export const COUPONS: Record<string, { percentOff: number; months: number }> = { P10: { percentOff: 10, months: 12 } };

export function findCoupon(
  code: string | null | undefined,
): { code: string; percentOff: number; months: number } | null {
  const key = (code ?? "").trim().toUpperCase();
  const coupon = COUPONS[key];
  return coupon ? { code: key, ...coupon } : null;
}

/** An amount after a percentage discount, rounded to the minor unit. */
export function applyPercentOff(amount: number, percentOff: number): number {
  return Math.round((amount * (100 - percentOff)) / 100);
}

/**
 * What an annual total saves against twelve monthly totals, in per cent to one decimal, rounded down so the
 * label never promises more than the prices give ($89 against 12 × $8.99 is 17.5); null when it saves nothing.
 */
export function annualSavingPercent(annualTotal: number, monthlyTotal: number): number | null {
  const twelve = monthlyTotal * 12;
  if (twelve <= 0 || annualTotal >= twelve) return null;
  // In thousandths first, so 17.5 stays 17.5 despite floating point.
  const tenths = Math.floor(Math.round(((twelve - annualTotal) * 100_000) / twelve) / 100);
  return tenths > 0 ? tenths / 10 : null;
}

/** Whether an invoice for a period starting at `periodStart` still gets the coupon (the first year). */
export function couponApplies(subscribedAt: Date, periodStart: Date, months: number): boolean {
  const end = new Date(subscribedAt);
  end.setUTCMonth(end.getUTCMonth() + months);
  return periodStart < end;
}

/** Statuses in which the subscription keeps guides live (OPEN-07/08: past_due stays live in the retry window). */
export const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(["trialing", "active", "past_due"]);
/** Statuses that mean the card failed (HOME-06, BILL-39). */
export const FAILED_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(["past_due", "incomplete", "unpaid"]);

/** Statuses after which the provider subscription is over: a new subscribe may open another one. */
export const ENDED_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(["canceled", "incomplete_expired"]);

/**
 * OPEN-07 "has a subscription": a provider subscription exists and is not over, whether or not it keeps
 * guides live (unpaid and incomplete count: the host fixes the card, never subscribes a second time).
 */
export function hasOpenSubscription(
  subscriptionRef: string | null | undefined,
  status: SubscriptionStatus | null | undefined,
): boolean {
  return Boolean(subscriptionRef) && status != null && !ENDED_STATUSES.has(status);
}

/**
 * Account flags from the provider status (OPEN-07): `hasSubscription` = a subscription that keeps guides
 * live (so canceled/unpaid take guides offline, OPEN-08; the guide and property rules read it);
 * `cardOnFileFailed` = a subscription exists and its card failed, so the host must add a new one
 * (past_due, incomplete, unpaid: HOME-06, BILL-39).
 */
export function deriveSubscriptionFlags(status: SubscriptionStatus | null): {
  hasSubscription: boolean;
  cardOnFileFailed: boolean;
} {
  if (!status) return { hasSubscription: false, cardOnFileFailed: false };
  return { hasSubscription: LIVE_STATUSES.has(status), cardOnFileFailed: FAILED_STATUSES.has(status) };
}

/** SubscriptionActiveSystem (OPEN-07): the trial runs, or a subscription keeps guides live. */
export function isSubscriptionActiveSystem(
  input: { hasSubscription: boolean; trialEndsAt: Date | null },
  now: Date,
): boolean {
  if (input.hasSubscription) return true;
  return input.trialEndsAt !== null && input.trialEndsAt > now;
}

/** Trial reminder to send now, if any (IMPL-12): 3 days before, 1 day before, and on the day it ends. */
export type TrialNotice = "trial-ends-in-3-days" | "trial-ends-in-1-day" | "trial-ended";
export function dueTrialNotice(trialEndsAt: Date, now: Date): TrialNotice | null {
  const left = trialEndsAt.getTime() - now.getTime();
  const day = 86_400_000;
  if (left <= 0) return left > -7 * day ? "trial-ended" : null;
  if (left <= day) return "trial-ends-in-1-day";
  if (left <= 3 * day) return "trial-ends-in-3-days";
  return null;
}

/* ---------- Filling the main list (docs/decisions/004-price-points.md) ---------- */

/**
 * Linear interpolation of totals between given anchor points (quantity → minor units), rounded to the
 * minor unit; beyond the last anchor the last step repeats. Exact at every anchor; monotonic when the
 * anchors are.
 */
export function interpolateTotals(anchors: Record<number, number>, max = MAX_LISTED_QUANTITY): number[] {
  const points = Object.entries(anchors)
    .map(([q, a]) => [Number(q), a] as const)
    .sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (let q = 1; q <= max; q++) {
    const exact = points.find(([p]) => p === q);
    if (exact) {
      out.push(exact[1]);
      continue;
    }
    const upper = points.find(([p]) => p > q);
    const lower = [...points].reverse().find(([p]) => p < q);
    if (lower && upper) {
      out.push(Math.round(lower[1] + ((upper[1] - lower[1]) * (q - lower[0])) / (upper[0] - lower[0])));
    } else if (lower) {
      const prev = points.length > 1 ? points[points.length - 2]! : ([0, 0] as const);
      const step = (lower[1] - prev[1]) / (lower[0] - prev[0]);
      out.push(Math.round(lower[1] + step * (q - lower[0])));
    } else {
      out.push(upper![1]);
    }
  }
  return out;
}

/** A table in another currency: the base table scaled by the ratio of the given 1-property prices. */
export function scaleTotals(base: number[], targetFirst: number): number[] {
  const baseFirst = base[0]!;
  return base.map((amount, i) => (i === 0 ? targetFirst : Math.round((amount * targetFirst) / baseFirst)));
}

/**
 * The annual table from the monthly one: 12 × monthly × a factor that moves linearly from the given
 * 1-property annual price to the given 200-property annual price (the "SAVE 20%" ratio).
 */
export function annualFromMonthly(monthly: number[], annualFirst: number, annualLast: number): number[] {
  const n = monthly.length;
  const f1 = annualFirst / monthly[0]!;
  const fn = annualLast / monthly[n - 1]!;
  return monthly.map((m, i) => {
    if (i === 0) return annualFirst;
    if (i === n - 1) return annualLast;
    return Math.round((m * (f1 * (n - 1 - i) + fn * i)) / (n - 1));
  });
}

/* ---------- Pause or cancel (BILL-43…48) ---------- */

export const CANCELLATION_REQUEST_TYPES = ["pause-1-month", "pause-3-months", "cancel"] as const;
export type CancellationRequestType = (typeof CANCELLATION_REQUEST_TYPES)[number];
export const CANCELLATION_REASONS = [
  "no-longer-manage",
  "no-longer-own",
  "no-longer-renting",
  "product-issue",
  "product-value",
  "product-switch",
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

/** BILL-46: a cancel because the host no longer manages, owns or rents out the property gets the review invitation. */
export function showsReviewInvitation(request: CancellationRequestType, reason: CancellationReason): boolean {
  return (
    request === "cancel" &&
    (reason === "no-longer-manage" || reason === "no-longer-own" || reason === "no-longer-renting")
  );
}

/** XCUT-57. */
export const CANCELLATION_NOTICE_HOURS = 48;
export const REVIEW_VOUCHER_USD = 20;

/** Minor units in a currency as shown to people: "£30.00", "A$12.50". */
export function formatMinor(minor: number, currency: string): string {
  const symbol = isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : `${currency.toUpperCase()} `;
  return `${symbol}${(minor / 100).toFixed(2)}`;
}
