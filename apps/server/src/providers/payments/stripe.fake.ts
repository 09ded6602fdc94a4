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

/** An invoice line as Stripe itemises a subscription: the amount before discounts, the service period. */
interface FakeLine {
  description: string;
  quantity: number;
  amount: number;
  period: { start: number; end: number };
  /** What the coupon takes off this line. */
  discount: number;
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
  /**
   * Stripe's invoice-level period is the window for pending invoice items, not the service period: the
   * first invoice has start = end = its creation, a renewal the period just ended. Lines carry the service period.
   */
  period_start: number;
  period_end: number;
  billing_reason: string;
  lines: FakeLine[];
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

const SYMBOLS: Record<string, string> = { usd: "$", gbp: "£", eur: "€", aud: "A$" };

/** Stripe's wording of a subscription line: "2 × Doorstep main-usd-monthly (at $6.645 / every 30 days)". */
function describeLine(productName: string, price: FakePrice, quantity: number): string {
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

export async function startFakeStripe(now: () => Date) {
  const requests: FakeStripeRequest[] = [];
  const state = {
    customers: new Map<string, { id: string; email: string | null; default_payment_method: string | null }>(),
    attached: new Map<string, string>(),
    /** Product id → name. */
    products: new Map<string, string>(),
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
  const missing = (what: string, id = "") => ({
    status: 404,
    json: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'` } },
  });
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
      data: [
        {
          id: `si_${s.id}`,
          object: "subscription_item",
          quantity: s.quantity,
          price: priceJson(s.price),
          current_period_start: s.current_period_start,
          current_period_end: s.current_period_end,
        },
      ],
    },
  });
  const discountId = (subscription: string) => `di_${subscription}`;
  const linesJson = (i: Pick<FakeInvoice, "lines" | "subscription" | "currency">, url: string) => ({
    object: "list",
    url,
    has_more: false,
    data: i.lines.map((line, n) => ({
      id: `il_${i.subscription}_${n}`,
      object: "line_item",
      amount: line.amount,
      currency: i.currency,
      description: line.description,
      quantity: line.quantity,
      period: line.period,
      discount_amounts: line.discount ? [{ amount: line.discount, discount: discountId(i.subscription) }] : [],
      parent: {
        type: "subscription_item_details",
        subscription_item_details: {
          subscription: i.subscription,
          subscription_item: `si_${i.subscription}`,
          proration: false,
        },
      },
    })),
  });
  const invoiceJson = (i: FakeInvoice) => {
    const { lines, ...rest } = i;
    const discount = lines.reduce((sum, line) => sum + line.discount, 0);
    return {
      ...rest,
      object: "invoice",
      total: i.amount_due,
      due_date: null,
      next_payment_attempt: null,
      total_discount_amounts: discount ? [{ amount: discount, discount: discountId(i.subscription) }] : [],
      lines: linesJson(i, `/v1/invoices/${i.id}/lines`),
      hosted_invoice_url: `https://invoice.stripe.test/${i.id}`,
      invoice_pdf: `https://invoice.stripe.test/${i.id}.pdf`,
      parent: { type: "subscription_details", subscription_details: { subscription: i.subscription } },
    };
  };

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
      id: next("price"),
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
          card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: 2099 },
        },
      };
    }
    if (resource === "products") {
      if (req.method === "GET")
        return id && state.products.has(id)
          ? { json: { id, object: "product", name: state.products.get(id) } }
          : missing("product", id);
      const pid = p.get("id") ?? next("prod");
      state.products.set(pid, p.get("name") ?? pid);
      return { json: { id: pid, object: "product", name: state.products.get(pid) } };
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
        addInvoice(sub, "paid", 0, {
          subtotal: 0,
          period_start: start,
          period_end: start,
          billing_reason: "subscription_create",
          lines: [trialLine],
        });
      } else bill(sub, start, sub.current_period_end, "subscription_create", { start, end: start });
      return { json: subJson(sub) };
    }
    if (resource === "subscriptions" && id) {
      const sub = state.subscriptions.get(id);
      if (!sub) return missing("subscription", id);
      if (req.method === "DELETE") {
        sub.status = "canceled";
        for (const invoice of state.invoices.values())
          if (invoice.subscription === sub.id && invoice.status === "open") invoice.status = "void";
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
      return { json: previewInvoice(sub) };
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
    return {
      status: 404,
      json: { error: { type: "invalid_request_error", message: `fake stripe: no route ${req.method} ${req.path}` } },
    };
  }

  function addInvoice(
    sub: FakeSubscription,
    status: "open" | "paid",
    amount: number,
    extra: Partial<FakeInvoice> = {},
  ): FakeInvoice {
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
   * The clock reached the period end: the next period is billed (the trial's end starts the first paid
   * one), the status follows the charge, and the period moves on by the price's interval.
   */
  function renew(subscriptionId: string): FakeInvoice {
    const sub = state.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`fake stripe: no subscription ${subscriptionId}`);
    const ended = { start: sub.current_period_start, end: sub.current_period_end };
    const start = sub.current_period_end;
    const end = addInterval(start, sub.price.interval, sub.price.interval_count);
    sub.current_period_start = start;
    sub.current_period_end = end;
    const invoice = bill(sub, start, end, "subscription_cycle", ended);
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
      const request = {
        method: req.method ?? "GET",
        path: url.pathname,
        params,
        idempotencyKey: typeof key === "string" ? key : null,
      };
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
