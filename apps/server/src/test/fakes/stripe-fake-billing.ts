import { discountId, linesJson } from "./stripe-fake-json.ts";
import {
  addInterval,
  describeLine,
  invalid,
  methodFor,
  missing,
  type FakeInvoice,
  type FakeLine,
  type FakePrice,
  type FakeStripeState,
  type FakeSubscription,
} from "./stripe-fake-model.ts";

/** What the fake's routes and billing share: its state, its ids and its clock. */
export interface FakeStripeContext {
  state: FakeStripeState;
  /** A new id, `${prefix}_fake${n}`. */
  next(prefix: string): string;
  /** How many ids were handed out so far. */
  count(): number;
  /** The test clock, in Stripe's seconds. */
  seconds(): number;
}

/**
 * How the fake bills, computed the way Stripe computes it: quantity × unit amount less the coupon, the
 * price's currency and the price's recurring interval.
 */
export function createFakeBilling(ctx: FakeStripeContext) {
  const { state } = ctx;

  /** The price of a subscription item: a stored price by id, or `price_data` inline (`prefix` = "items[0]"). */
  function readPrice(
    p: URLSearchParams,
    prefix: string,
  ): FakePrice | { error: { status: number; json: unknown } } | null {
    const ref = p.get(`${prefix}[price]`);
    if (ref) return state.prices.get(ref) ?? { error: missing("price", ref) };
    const data = `${prefix}[price_data]`;
    if (!p.get(`${data}[currency]`)) return null;
    const product = p.get(`${data}[product]`) ?? "";
    if (!state.products.has(product)) return { error: missing("product", product) };
    const unit = p.get(`${data}[unit_amount_decimal]`) ?? p.get(`${data}[unit_amount]`);
    const interval = p.get(`${data}[recurring][interval]`) as FakePrice["interval"] | null;
    if (!unit || !interval) return { error: invalid("price_data needs unit_amount and recurring[interval]") };
    return {
      id: ctx.next("price"),
      product,
      currency: p.get(`${data}[currency]`)!,
      unit_amount_decimal: unit,
      interval,
      interval_count: Number(p.get(`${data}[recurring][interval_count]`) ?? 1),
    };
  }

  /** Stripe's invoice total: round(quantity × unit amount), less the coupon while it applies. */
  function invoiceTotal(sub: FakeSubscription, periodStart: number): { subtotal: number; total: number } {
    const subtotal = Math.round(sub.quantity * Number(sub.price.unit_amount_decimal));
    const d = sub.discount;
    const applies = d && (d.end === null ? true : d.end === 0 ? sub.billed === 0 : periodStart < d.end);
    return { subtotal, total: applies ? subtotal - Math.round((subtotal * d.coupon.percent_off) / 100) : subtotal };
  }

  /** The subscription line for the period [start, end) and what the coupon takes off it. */
  function periodLine(sub: FakeSubscription, start: number, end: number): FakeLine {
    const { subtotal, total } = invoiceTotal(sub, start);
    return {
      description: describeLine(state.products.get(sub.price.product) ?? sub.price.product, sub.price, sub.quantity),
      quantity: sub.quantity,
      amount: subtotal,
      period: { start, end },
      discount: subtotal - total,
    };
  }

  function addInvoice(
    sub: FakeSubscription,
    status: "open" | "paid",
    amount: number,
    extra: Partial<FakeInvoice> = {},
  ): FakeInvoice {
    const invoice: FakeInvoice = {
      id: ctx.next("in"),
      customer: sub.customer,
      subscription: sub.id,
      status,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      subtotal: amount,
      currency: sub.price.currency,
      created: ctx.seconds() + ctx.count(),
      period_start: sub.current_period_start,
      period_end: sub.current_period_end,
      billing_reason: "manual",
      lines: [
        {
          description: describeLine(
            state.products.get(sub.price.product) ?? sub.price.product,
            sub.price,
            sub.quantity,
          ),
          quantity: sub.quantity,
          amount,
          period: { start: sub.current_period_start, end: sub.current_period_end },
          discount: 0,
        },
      ],
      ...extra,
    };
    state.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /**
   * Bills the service period [start, end): charged off-session with the subscription's (else the customer's)
   * card. `window` is the invoice's own period (see FakeInvoice).
   */
  function bill(
    sub: FakeSubscription,
    start: number,
    end: number,
    reason: string,
    window: { start: number; end: number },
  ): FakeInvoice {
    const { subtotal, total } = invoiceTotal(sub, start);
    const pm = sub.default_payment_method ?? state.customers.get(sub.customer)?.default_payment_method ?? "";
    const method = methodFor(pm);
    const paid = total === 0 || (method !== undefined && !method.declines && !method.authenticates);
    const line = periodLine(sub, start, end);
    const invoice = addInvoice(sub, paid ? "paid" : "open", total, {
      subtotal,
      period_start: window.start,
      period_end: window.end,
      billing_reason: reason,
      lines: [line],
    });
    if (total > 0) sub.billed++;
    return invoice;
  }

  /**
   * POST /v1/invoices/create_preview for a subscription: the invoice its next period will bring, as Stripe
   * previews it: dated the period end (`created`), the charge attempted an hour later (Stripe's default
   * finalization grace period for automatic collection), `due_date` null under automatic collection,
   * the invoice-level period the current one, the line the next period, the coupon if it still applies then.
   */
  function previewInvoice(sub: FakeSubscription) {
    const start = sub.current_period_end;
    const end = addInterval(start, sub.price.interval, sub.price.interval_count);
    const line = periodLine(sub, start, end);
    const total = line.amount - line.discount;
    return {
      object: "invoice",
      customer: sub.customer,
      subscription: sub.id,
      status: "draft",
      billing_reason: "upcoming",
      collection_method: "charge_automatically",
      currency: sub.price.currency,
      created: start,
      next_payment_attempt: start + 3600,
      due_date: null,
      period_start: sub.current_period_start,
      period_end: sub.current_period_end,
      subtotal: line.amount,
      total,
      amount_due: total,
      amount_paid: 0,
      total_discount_amounts: line.discount ? [{ amount: line.discount, discount: discountId(sub.id) }] : [],
      lines: linesJson(
        { lines: [line], subscription: sub.id, currency: sub.price.currency },
        "/v1/invoices/upcoming/lines",
      ),
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
    };
  }

  /**
   * The clock reached the period end: the next period is billed (the trial's end starts the first paid
   * one), the status follows the charge, and the period moves on by the price's interval.
   */
  function renew(subscriptionId: string): FakeInvoice {
    const sub = state.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`fake stripe: no subscription ${subscriptionId}`);
    if (sub.cancel_at_period_end)
      throw new Error(`fake stripe: ${subscriptionId} ends at its period end; set its status to canceled instead`);
    const ended = { start: sub.current_period_start, end: sub.current_period_end };
    const start = sub.current_period_end;
    const end = addInterval(start, sub.price.interval, sub.price.interval_count);
    sub.current_period_start = start;
    sub.current_period_end = end;
    const invoice = bill(sub, start, end, "subscription_cycle", ended);
    sub.status = invoice.status === "paid" ? "active" : "past_due";
    return invoice;
  }

  return { readPrice, addInvoice, bill, previewInvoice, renew };
}

export type FakeBilling = ReturnType<typeof createFakeBilling>;
