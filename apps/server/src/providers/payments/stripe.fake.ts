import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stateful stand-in for api.stripe.com (ARCHITECTURE §6): just the objects the Stripe gateway
 * uses, form-encoded in, JSON out, Stripe's error envelope for card errors. Amounts, currency and
 * periods are computed the way Stripe computes them (quantity × unit amount less the coupon, the
 * price's currency, the price's recurring interval), so a wrong amount or date from the server shows.
 * Tests drive time with `renew` and read `state` and `requests`.
 */
export interface FakeStripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}

interface FakePrice {
  id: string;
  product: string;
  currency: string;
  unit_amount_decimal: string;
  interval: "day" | "week" | "month" | "year";
  interval_count: number;
}

interface FakeCoupon {
  id: string;
  percent_off: number;
  duration: "once" | "repeating" | "forever";
  duration_in_months: number | null;
}

interface FakeSubscription {
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
}

interface FakeInvoice {
  id: string;
  customer: string;
  subscription: string;
  status: "open" | "paid" | "void";
  amount_paid: number;
  amount_due: number;
  subtotal: number;
  currency: string;
  created: number;
  period_start: number;
  period_end: number;
  billing_reason: string;
}

/** Payment methods the browser would have made with Stripe Elements: ids start with these (e.g. "pm_card_visa_1"). */
const METHODS: Record<string, { brand: string; last4: string; declines: boolean; authenticates: boolean }> = {
  pm_card_visa: { brand: "visa", last4: "4242", declines: false, authenticates: false },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", declines: false, authenticates: false },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", declines: true, authenticates: false },
  // 4000 0027 6000 3184: every payment asks for 3D Secure, so an off-session charge cannot complete.
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", declines: false, authenticates: true },
};

const methodFor = (id: string) => METHODS[Object.keys(METHODS).find((k) => id === k || id.startsWith(`${k}_`)) ?? ""];

/** Stripe's period arithmetic: days and weeks exactly, months and years by the calendar. */
export function addInterval(seconds: number, interval: FakePrice["interval"], count: number): number {
  if (interval === "day") return seconds + count * 86_400;
  if (interval === "week") return seconds + count * 7 * 86_400;
  const date = new Date(seconds * 1000);
  if (interval === "month") date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

export async function startFakeStripe(now: () => Date) {
  const requests: FakeStripeRequest[] = [];
  const state = {
    customers: new Map<string, { id: string; email: string | null; default_payment_method: string | null }>(),
    attached: new Map<string, string>(),
    products: new Set<string>(),
    prices: new Map<string, FakePrice>(),
    coupons: new Map<string, FakeCoupon>(),
    subscriptions: new Map<string, FakeSubscription>(),
    invoices: new Map<string, FakeInvoice>(),
  };
  const replies = new Map<string, { status?: number; json: unknown }>();
  let seq = 0;
  const next = (prefix: string) => `${prefix}_fake${++seq}`;
  const seconds = () => Math.floor(now().getTime() / 1000);

  const cardError = (message: string, code = "card_declined", decline: string | null = "generic_decline") => ({
    status: 402,
    json: { error: { type: "card_error", code, ...(decline ? { decline_code: decline } : {}), message } },
  });
  const missing = (what: string, id = "") => ({ status: 404, json: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` } } });
  const invalid = (message: string) => ({ status: 400, json: { error: { type: "invalid_request_error", message } } });

  const priceJson = (price: FakePrice) => ({
    id: price.id,
    object: "price",
    product: price.product,
    currency: price.currency,
    unit_amount_decimal: price.unit_amount_decimal,
    unit_amount: Number.isInteger(Number(price.unit_amount_decimal)) ? Number(price.unit_amount_decimal) : null,
    recurring: { interval: price.interval, interval_count: price.interval_count },
  });
  const subJson = (s: FakeSubscription) => ({
    id: s.id,
    object: "subscription",
    customer: s.customer,
    status: s.status,
    trial_end: s.trial_end,
    created: s.created,
    default_payment_method: s.default_payment_method,
    metadata: s.metadata,
    discounts: s.discount ? [`di_${s.id}`] : [],
    items: {
      object: "list",
      data: [{ id: `si_${s.id}`, object: "subscription_item", quantity: s.quantity, price: priceJson(s.price), current_period_start: s.current_period_start, current_period_end: s.current_period_end }],
    },
  });
  const invoiceJson = (i: FakeInvoice) => ({
    ...i,
    object: "invoice",
    hosted_invoice_url: `https://invoice.stripe.test/${i.id}`,
    invoice_pdf: `https://invoice.stripe.test/${i.id}.pdf`,
    parent: { type: "subscription_details", subscription_details: { subscription: i.subscription } },
  });

  /** The price of a subscription item: a stored price by id, or `price_data` inline (`prefix` = "items[0]"). */
  function readPrice(p: URLSearchParams, prefix: string): FakePrice | { error: { status: number; json: unknown } } | null {
    const ref = p.get(`${prefix}[price]`);
    if (ref) return state.prices.get(ref) ?? { error: missing("price", ref) };
    const data = `${prefix}[price_data]`;
    if (!p.get(`${data}[currency]`)) return null;
    const product = p.get(`${data}[product]`) ?? "";
    if (!state.products.has(product)) return { error: missing("product", product) };
    const unit = p.get(`${data}[unit_amount_decimal]`) ?? p.get(`${data}[unit_amount]`);
    const interval = p.get(`${data}[recurring][interval]`) as FakePrice["interval"] | null;
    if (!unit || !interval) return { error: invalid("price_data needs unit_amount and recurring[interval]") };
    return { id: next("price"), product, currency: p.get(`${data}[currency]`)!, unit_amount_decimal: unit, interval, interval_count: Number(p.get(`${data}[recurring][interval_count]`) ?? 1) };
  }

  /** Stripe's invoice total: round(quantity × unit amount), less the coupon while it applies. */
  function invoiceTotal(sub: FakeSubscription, periodStart: number): { subtotal: number; total: number } {
    const subtotal = Math.round(sub.quantity * Number(sub.price.unit_amount_decimal));
    const d = sub.discount;
    const applies = d && (d.end === null ? true : d.end === 0 ? sub.billed === 0 : periodStart < d.end);
    return { subtotal, total: applies ? subtotal - Math.round((subtotal * d.coupon.percent_off) / 100) : subtotal };
  }

  /** Bills the period [start, end): charged off-session with the subscription's (else the customer's) card. */
  function bill(sub: FakeSubscription, start: number, end: number, reason: string): FakeInvoice {
    const { subtotal, total } = invoiceTotal(sub, start);
    const pm = sub.default_payment_method ?? state.customers.get(sub.customer)?.default_payment_method ?? "";
    const method = methodFor(pm);
    const paid = total === 0 || (method !== undefined && !method.declines && !method.authenticates);
    const invoice = addInvoice(sub, paid ? "paid" : "open", total, { subtotal, period_start: start, period_end: end, billing_reason: reason });
    if (total > 0) sub.billed++;
    return invoice;
  }

  function handle(req: FakeStripeRequest): { status?: number; json: unknown } {
    const p = req.params;
    const parts = req.path.split("/").filter(Boolean); // ["v1", resource, id?, action?]
    const [, resource, id, action] = parts;
    if (resource === "customers" && req.method === "POST" && !id) {
      const customer = { id: next("cus"), email: p.get("email"), default_payment_method: null };
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
      const sid = next("seti");
      return { json: { id: sid, object: "setup_intent", client_secret: `${sid}_secret_fake`, customer: p.get("customer") } };
    }
    if (resource === "payment_methods" && id) {
      const method = methodFor(id);
      if (!method) return missing("payment_method", id);
      if (action === "attach") state.attached.set(id, p.get("customer") ?? "");
      return {
        json: { id, object: "payment_method", customer: state.attached.get(id) ?? null, card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: 2099 } },
      };
    }
    if (resource === "products") {
      if (req.method === "GET") return id && state.products.has(id) ? { json: { id, object: "product" } } : missing("product", id);
      const pid = p.get("id") ?? next("prod");
      state.products.add(pid);
      return { json: { id: pid, object: "product" } };
    }
    if (resource === "coupons") {
      if (req.method === "GET") {
        const coupon = id ? state.coupons.get(id) : undefined;
        return coupon ? { json: { ...coupon, object: "coupon" } } : missing("coupon", id);
      }
      const cid = p.get("id") ?? next("coupon");
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
    if (resource === "subscriptions" && req.method === "POST" && !id) {
      const price = readPrice(p, "items[0]");
      if (!price) return invalid("items[0] needs a price or price_data");
      if ("error" in price) return price.error;
      const couponId = p.get("discounts[0][coupon]");
      const coupon = couponId ? state.coupons.get(couponId) : undefined;
      if (couponId && !coupon) return missing("coupon", couponId);
      const pm = p.get("default_payment_method") ?? "";
      const trialEnd = p.get("trial_end") ? Number(p.get("trial_end")) : null;
      const start = seconds();
      const metadata: Record<string, string> = {};
      for (const [key, value] of p) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const sub: FakeSubscription = {
        id: next("sub"),
        customer: p.get("customer") ?? "",
        status: trialEnd ? "trialing" : "active",
        quantity: Number(p.get("items[0][quantity]") ?? 1),
        price,
        trial_end: trialEnd,
        current_period_start: start,
        current_period_end: trialEnd ?? addInterval(start, price.interval, price.interval_count),
        default_payment_method: pm || null,
        discount: coupon
          ? { coupon, end: coupon.duration === "forever" ? null : coupon.duration === "once" ? 0 : addInterval(start, "month", coupon.duration_in_months ?? 1) }
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
          return cardError("This payment requires additional user action before it can be completed successfully.", "invoice_payment_intent_requires_action", null);
        }
      }
      state.prices.set(price.id, price);
      state.subscriptions.set(sub.id, sub);
      // A trial starts with Stripe's $0 invoice; otherwise the first period is billed now.
      if (trialEnd) addInvoice(sub, "paid", 0, { subtotal: 0, period_start: start, period_end: trialEnd, billing_reason: "subscription_create" });
      else bill(sub, start, sub.current_period_end, "subscription_create");
      return { json: subJson(sub) };
    }
    if (resource === "subscriptions" && id) {
      const sub = state.subscriptions.get(id);
      if (!sub) return missing("subscription", id);
      if (req.method === "DELETE") {
        sub.status = "canceled";
        for (const invoice of state.invoices.values()) if (invoice.subscription === sub.id && invoice.status === "open") invoice.status = "void";
      }
      if (req.method === "POST") {
        const price = readPrice(p, "items[0]");
        if (price && "error" in price) return price.error;
        if (price) sub.price = price;
        if (p.get("items[0][quantity]")) sub.quantity = Number(p.get("items[0][quantity]"));
        if (p.get("default_payment_method")) sub.default_payment_method = p.get("default_payment_method");
        if (p.get("trial_end")) {
          sub.trial_end = Number(p.get("trial_end"));
          if (sub.status === "trialing") sub.current_period_end = sub.trial_end;
        }
        for (const [key, value] of p) {
          const m = /^metadata\[(.+)\]$/.exec(key);
          if (m) sub.metadata[m[1]!] = value;
        }
      }
      return { json: subJson(sub) };
    }
    if (resource === "invoices" && req.method === "GET" && !id) {
      const list = [...state.invoices.values()]
        .filter((i) => (!p.get("customer") || i.customer === p.get("customer")) && (!p.get("subscription") || i.subscription === p.get("subscription")) && (!p.get("status") || i.status === p.get("status")))
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
    return { status: 404, json: { error: { type: "invalid_request_error", message: `fake stripe: no route ${req.method} ${req.path}` } } };
  }

  function addInvoice(sub: FakeSubscription, status: "open" | "paid", amount: number, extra: Partial<FakeInvoice> = {}): FakeInvoice {
    const invoice: FakeInvoice = {
      id: next("in"),
      customer: sub.customer,
      subscription: sub.id,
      status,
      amount_due: amount,
      amount_paid: status === "paid" ? amount : 0,
      subtotal: amount,
      currency: sub.price.currency,
      created: seconds() + seq,
      period_start: sub.current_period_start,
      period_end: sub.current_period_end,
      billing_reason: "manual",
      ...extra,
    };
    state.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /**
   * The clock reached the period end: the next period is billed (the trial's end starts the first paid
   * one), the status follows the charge, and the period moves on by the price's interval.
   */
  function renew(subscriptionId: string): FakeInvoice {
    const sub = state.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`fake stripe: no subscription ${subscriptionId}`);
    const start = sub.current_period_end;
    const end = addInterval(start, sub.price.interval, sub.price.interval_count);
    sub.current_period_start = start;
    sub.current_period_end = end;
    const invoice = bill(sub, start, end, "subscription_cycle");
    sub.status = invoice.status === "paid" ? "active" : "past_due";
    return invoice;
  }

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const params = new URLSearchParams(req.method === "GET" || req.method === "DELETE" ? url.search : body);
      const key = req.headers["idempotency-key"];
      const request = { method: req.method ?? "GET", path: url.pathname, params, idempotencyKey: typeof key === "string" ? key : null };
      requests.push(request);
      // Stripe replays the first answer to a repeated idempotency key (24 h); the fake keeps them all.
      const replayKey = request.idempotencyKey ? `${request.method} ${request.path} ${request.idempotencyKey}` : null;
      const out = (replayKey && replies.get(replayKey)) || handle(request);
      if (replayKey) replies.set(replayKey, out);
      res.writeHead(out.status ?? 200, { "content-type": "application/json", "request-id": `req_${seq}` });
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    addInvoice,
    renew,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
