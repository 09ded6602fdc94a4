import type { FakeBilling, FakeStripeContext } from "./stripe-fake-billing.ts";
import { invoiceJson } from "./stripe-fake-json.ts";
import {
  cardError,
  invalid,
  methodFor,
  missing,
  type FakeCoupon,
  type FakeReply,
  type FakeStripeRequest,
} from "./stripe-fake-model.ts";
import { subscriptionRoutes } from "./stripe-fake-subscriptions.ts";
import { storeRoutes, type FakeStoreState } from "./stripe-fake-store.ts";

/** Customers, setup intents, payment methods, products and coupons. */
function customerRoutes(
  ctx: FakeStripeContext,
  req: FakeStripeRequest,
  [resource, id, action]: (string | undefined)[],
): FakeReply | null {
  const { state } = ctx;
  const p = req.params;
  if (resource === "customers" && req.method === "POST" && !id) {
    const customer = { id: ctx.next("cus"), email: p.get("email"), default_payment_method: null };
    state.customers.set(customer.id, customer);
    return { json: { ...customer, object: "customer" } };
  }
  if (resource === "customers" && req.method === "POST" && id) {
    const customer = state.customers.get(id);
    if (!customer) return missing("customer", id);
    customer.default_payment_method = p.get("invoice_settings[default_payment_method]");
    return { json: { ...customer, object: "customer" } };
  }
  if (resource === "setup_intents" && req.method === "POST") {
    const sid = ctx.next("seti");
    return {
      json: { id: sid, object: "setup_intent", client_secret: `${sid}_secret_fake`, customer: p.get("customer") },
    };
  }
  if (resource === "payment_methods" && id) {
    const method = methodFor(id);
    if (!method) return missing("payment_method", id);
    if (action === "attach") state.attached.set(id, p.get("customer") ?? "");
    return {
      json: {
        id,
        object: "payment_method",
        customer: state.attached.get(id) ?? null,
        // Stripe's fingerprint follows the card number: the same test card on two customers shares it.
        card: {
          brand: method.brand,
          last4: method.last4,
          exp_month: 12,
          exp_year: 2099,
          fingerprint: `fp_${method.brand}_${method.last4}`,
        },
      },
    };
  }
  if (resource === "products") {
    if (req.method === "GET")
      return id && state.products.has(id)
        ? { json: { id, object: "product", name: state.products.get(id) } }
        : missing("product", id);
    const pid = p.get("id") ?? ctx.next("prod");
    state.products.set(pid, p.get("name") ?? pid);
    return { json: { id: pid, object: "product", name: state.products.get(pid) } };
  }
  if (resource === "coupons") {
    if (req.method === "GET") {
      const coupon = id ? state.coupons.get(id) : undefined;
      return coupon ? { json: { ...coupon, object: "coupon" } } : missing("coupon", id);
    }
    const cid = p.get("id") ?? ctx.next("coupon");
    if (state.coupons.has(cid)) return invalid(`Coupon already exists: '${cid}'`);
    const coupon: FakeCoupon = {
      id: cid,
      percent_off: Number(p.get("percent_off")),
      duration: (p.get("duration") ?? "once") as FakeCoupon["duration"],
      duration_in_months: p.get("duration_in_months") ? Number(p.get("duration_in_months")) : null,
    };
    if (!coupon.percent_off) return invalid("percent_off is required");
    state.coupons.set(cid, coupon);
    return { json: { ...coupon, object: "coupon" } };
  }
  return null;
}

/** Invoice previews, lists and payments. */
function invoiceRoutes(
  ctx: FakeStripeContext,
  billing: FakeBilling,
  req: FakeStripeRequest,
  [resource, id, action]: (string | undefined)[],
): FakeReply | null {
  const { state } = ctx;
  const p = req.params;
  if (resource === "invoices" && req.method === "POST" && id === "create_preview") {
    const subscriptionId = p.get("subscription");
    const sub = subscriptionId ? state.subscriptions.get(subscriptionId) : undefined;
    if (subscriptionId && !sub) return missing("subscription", subscriptionId);
    if (!sub) return invalid("fake stripe: create_preview needs a subscription");
    if (sub.status === "canceled" || sub.status === "incomplete_expired") {
      return {
        status: 400,
        json: {
          error: {
            type: "invalid_request_error",
            code: "invoice_upcoming_none",
            message: `No upcoming invoices for customer: ${sub.customer}`,
          },
        },
      };
    }
    return { json: billing.previewInvoice(sub) };
  }
  if (resource === "invoices" && req.method === "GET" && !id) {
    const list = [...state.invoices.values()]
      .filter(
        (i) =>
          (!p.get("customer") || i.customer === p.get("customer")) &&
          (!p.get("subscription") || i.subscription === p.get("subscription")) &&
          (!p.get("status") || i.status === p.get("status")),
      )
      .sort((a, b) => b.created - a.created);
    return { json: { object: "list", data: list.map(invoiceJson), has_more: false } };
  }
  if (resource === "invoices" && id && action === "pay") {
    const invoice = state.invoices.get(id);
    if (!invoice) return missing("invoice", id);
    const method = methodFor(p.get("payment_method") ?? "");
    if (method?.declines) return cardError("Your card was declined.");
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    const sub = state.subscriptions.get(invoice.subscription);
    if (sub) sub.status = "active";
    return { json: invoiceJson(invoice) };
  }
  return null;
}

/** Answers one request to the fake API: /v1/<resource>/<id>/<action>, Stripe's error envelope when unknown. */
export function handleFakeStripeRequest(
  ctx: FakeStripeContext,
  billing: FakeBilling,
  req: FakeStripeRequest,
  store?: FakeStoreState,
): FakeReply {
  const [, resource, id, action] = req.path.split("/").filter(Boolean); // ["v1", resource, id?, action?]
  return (
    (store ? storeRoutes(ctx, store, req, [resource, id, action]) : null) ??
    customerRoutes(ctx, req, [resource, id, action]) ??
    subscriptionRoutes(ctx, billing, req, resource, id) ??
    invoiceRoutes(ctx, billing, req, [resource, id, action]) ?? {
      status: 404,
      json: { error: { type: "invalid_request_error", message: `fake stripe: no route ${req.method} ${req.path}` } },
    }
  );
}
