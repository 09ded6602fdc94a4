import type { FakeBilling, FakeStripeContext } from "./stripe-fake-billing.ts";
import { subJson } from "./stripe-fake-json.ts";
import {
  addInterval,
  cardError,
  invalid,
  methodFor,
  missing,
  readMetadata,
  type FakeLine,
  type FakeReply,
  type FakeStripeRequest,
  type FakeSubscription,
} from "./stripe-fake-model.ts";

/** POST /v1/subscriptions: a trial starts with Stripe's $0 invoice, else the first period is billed now. */
function createSubscription(ctx: FakeStripeContext, billing: FakeBilling, p: URLSearchParams): FakeReply {
  const { state } = ctx;
  const price = billing.readPrice(p, "items[0]");
  if (!price) return invalid("items[0] needs a price or price_data");
  if ("error" in price) return price.error;
  const couponId = p.get("discounts[0][coupon]");
  const coupon = couponId ? state.coupons.get(couponId) : undefined;
  if (couponId && !coupon) return missing("coupon", couponId);
  const pm = p.get("default_payment_method") ?? "";
  const trialEnd = p.get("trial_end") ? Number(p.get("trial_end")) : null;
  const start = ctx.seconds();
  const metadata = readMetadata(p);
  const sub: FakeSubscription = {
    id: ctx.next("sub"),
    customer: p.get("customer") ?? "",
    status: trialEnd ? "trialing" : "active",
    quantity: Number(p.get("items[0][quantity]") ?? 1),
    price,
    trial_end: trialEnd,
    current_period_start: start,
    current_period_end: trialEnd ?? addInterval(start, price.interval, price.interval_count),
    default_payment_method: pm || null,
    discount: coupon
      ? {
          coupon,
          end:
            coupon.duration === "forever"
              ? null
              : coupon.duration === "once"
                ? 0
                : addInterval(start, "month", coupon.duration_in_months ?? 1),
        }
      : null,
    metadata,
    created: start,
    billed: 0,
  };
  if (!trialEnd) {
    // error_if_incomplete: a first invoice that cannot be paid creates nothing and answers 402.
    const method = methodFor(pm);
    if (method?.declines) return cardError("Your card was declined.");
    if (method?.authenticates) {
      return cardError(
        "This payment requires additional user action before it can be completed successfully.",
        "invoice_payment_intent_requires_action",
        null,
      );
    }
  }
  state.prices.set(price.id, price);
  state.subscriptions.set(sub.id, sub);
  // A trial starts with Stripe's $0 invoice; otherwise the first period is billed now.
  if (trialEnd) {
    const trialLine: FakeLine = {
      description: `Trial period for ${state.products.get(price.product) ?? price.product}`,
      quantity: sub.quantity,
      amount: 0,
      period: { start, end: trialEnd },
      discount: 0,
    };
    billing.addInvoice(sub, "paid", 0, {
      subtotal: 0,
      period_start: start,
      period_end: start,
      billing_reason: "subscription_create",
      lines: [trialLine],
    });
  } else billing.bill(sub, start, sub.current_period_end, "subscription_create", { start, end: start });
  return { json: subJson(sub) };
}

/** GET, POST (update) and DELETE (cancel) /v1/subscriptions/:id. */
function changeSubscription(
  ctx: FakeStripeContext,
  billing: FakeBilling,
  req: FakeStripeRequest,
  id: string,
): FakeReply {
  const { state } = ctx;
  const p = req.params;
  const sub = state.subscriptions.get(id);
  if (!sub) return missing("subscription", id);
  if (req.method === "DELETE") {
    sub.status = "canceled";
    for (const invoice of state.invoices.values())
      if (invoice.subscription === sub.id && invoice.status === "open") invoice.status = "void";
  }
  if (req.method === "POST") {
    const price = billing.readPrice(p, "items[0]");
    if (price && "error" in price) return price.error;
    if (price) sub.price = price;
    if (p.get("items[0][quantity]")) sub.quantity = Number(p.get("items[0][quantity]"));
    if (p.get("default_payment_method")) sub.default_payment_method = p.get("default_payment_method");
    const cancelAtPeriodEnd = p.get("cancel_at_period_end");
    if (cancelAtPeriodEnd !== null) {
      // Stripe refuses to change a subscription that has ended.
      if (sub.status === "canceled") return invalid("A canceled subscription can only update its metadata.");
      sub.cancel_at_period_end = cancelAtPeriodEnd === "true";
    }
    if (p.get("trial_end")) {
      sub.trial_end = Number(p.get("trial_end"));
      if (sub.status === "trialing") sub.current_period_end = sub.trial_end;
    }
    Object.assign(sub.metadata, readMetadata(p));
  }
  return { json: subJson(sub) };
}

/** The /v1/subscriptions routes, or null when the request is for another resource. */
export function subscriptionRoutes(
  ctx: FakeStripeContext,
  billing: FakeBilling,
  req: FakeStripeRequest,
  resource: string | undefined,
  id: string | undefined,
): FakeReply | null {
  if (resource !== "subscriptions") return null;
  if (req.method === "POST" && !id) return createSubscription(ctx, billing, req.params);
  if (id) return changeSubscription(ctx, billing, req, id);
  return null;
}
