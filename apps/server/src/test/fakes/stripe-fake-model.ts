// The fake Stripe's objects as it keeps them, and the pure rules it shares between its routes and its
// billing: Elements' test payment methods, line wording, period arithmetic and Stripe's error envelopes.

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}

/** An answer: the HTTP status (200 when absent) and the JSON body. */
export interface FakeReply {
  status?: number;
  json: unknown;
}

export interface FakePrice {
  id: string;
  product: string;
  currency: string;
  unit_amount_decimal: string;
  interval: "day" | "week" | "month" | "year";
  interval_count: number;
}

export interface FakeCoupon {
  id: string;
  percent_off: number;
  duration: "once" | "repeating" | "forever";
  duration_in_months: number | null;
}

export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  quantity: number;
  price: FakePrice;
  trial_end: number | null;
  current_period_start: number;
  current_period_end: number;
  default_payment_method: string | null;
  /** The coupon and when it stops applying (null: forever; 0: first invoice only). */
  discount: { coupon: FakeCoupon; end: number | null } | null;
  metadata: Record<string, string>;
  created: number;
  /** Invoices billed so far (a "once" coupon applies to the first paid one only). */
  billed: number;
  /** Ends at the period's end instead of renewing. */
  cancel_at_period_end?: boolean;
}

/** An invoice line as Stripe itemises a subscription: the amount before discounts, the service period. */
export interface FakeLine {
  description: string;
  quantity: number;
  amount: number;
  period: { start: number; end: number };
  /** What the coupon takes off this line. */
  discount: number;
}

export interface FakeInvoice {
  id: string;
  customer: string;
  subscription: string;
  status: "open" | "paid" | "void";
  amount_paid: number;
  amount_due: number;
  subtotal: number;
  currency: string;
  created: number;
  /**
   * Stripe's invoice-level period is the window for pending invoice items, not the service period: the
   * first invoice has start = end = its creation, a renewal the period just ended. Lines carry the service period.
   */
  period_start: number;
  period_end: number;
  billing_reason: string;
  lines: FakeLine[];
}

/** Everything the fake holds; tests read it to check what the server asked Stripe for. */
export interface FakeStripeState {
  customers: Map<string, { id: string; email: string | null; default_payment_method: string | null }>;
  attached: Map<string, string>;
  /** Product id → name. */
  products: Map<string, string>;
  prices: Map<string, FakePrice>;
  coupons: Map<string, FakeCoupon>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
}

/** Payment methods the browser would have made with Stripe Elements: ids start with these (e.g. "pm_card_visa_1"). */
const METHODS: Record<string, { brand: string; last4: string; declines: boolean; authenticates: boolean }> = {
  pm_card_visa: { brand: "visa", last4: "4242", declines: false, authenticates: false },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", declines: false, authenticates: false },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", declines: true, authenticates: false },
  // 4000 0027 6000 3184: every payment asks for 3D Secure, so an off-session charge cannot complete.
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", declines: false, authenticates: true },
};

export const methodFor = (id: string) =>
  METHODS[Object.keys(METHODS).find((k) => id === k || id.startsWith(`${k}_`)) ?? ""];

const SYMBOLS: Record<string, string> = { usd: "$", gbp: "£", eur: "€", aud: "A$" };

/** Stripe's wording of a subscription line: "2 × Doorstep main-usd-monthly (at $6.645 / every 30 days)". */
export function describeLine(productName: string, price: FakePrice, quantity: number): string {
  const unit = Number(price.unit_amount_decimal) / 100;
  const amount = `${SYMBOLS[price.currency] ?? price.currency.toUpperCase()}${unit.toFixed(Math.max(2, (String(unit).split(".")[1] ?? "").length))}`;
  const every = price.interval_count === 1 ? price.interval : `every ${price.interval_count} ${price.interval}s`;
  return `${quantity} × ${productName} (at ${amount} / ${every})`;
}

/** Stripe's period arithmetic: days and weeks exactly, months and years by the calendar. */
export function addInterval(seconds: number, interval: FakePrice["interval"], count: number): number {
  if (interval === "day") return seconds + count * 86_400;
  if (interval === "week") return seconds + count * 7 * 86_400;
  const date = new Date(seconds * 1000);
  if (interval === "month") date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

export const cardError = (message: string, code = "card_declined", decline: string | null = "generic_decline") => ({
  status: 402,
  json: { error: { type: "card_error", code, ...(decline ? { decline_code: decline } : {}), message } },
});

export const missing = (what: string, id = "") => ({
  status: 404,
  json: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` } },
});

export const invalid = (message: string) => ({
  status: 400,
  json: { error: { type: "invalid_request_error", message } },
});

/** The `metadata[key]` fields of a form-encoded request. */
export function readMetadata(p: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of p) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m) metadata[m[1]!] = value;
  }
  return metadata;
}
