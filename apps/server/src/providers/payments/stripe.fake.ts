import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stateful stand-in for api.stripe.com (ARCHITECTURE §6): just the objects the Stripe gateway
 * uses, form-encoded in, JSON out, Stripe's error envelope for card errors. Tests drive its state.
 */
export interface FakeStripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | null;
}

interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  quantity: number;
  trial_end: number | null;
  current_period_end: number;
  default_payment_method: string | null;
  unit_amount_decimal: string | null;
}

interface FakeInvoice {
  id: string;
  customer: string;
  subscription: string;
  status: "open" | "paid";
  amount_paid: number;
  amount_due: number;
  currency: string;
  created: number;
}

/** Payment methods the browser would have made with Stripe Elements: ids start with these (e.g. "pm_card_visa_1"). */
const METHODS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  pm_card_visa: { brand: "visa", last4: "4242", declines: false },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", declines: false },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", declines: true },
};

const methodFor = (id: string) => METHODS[Object.keys(METHODS).find((k) => id === k || id.startsWith(`${k}_`)) ?? ""];

export async function startFakeStripe(now: () => Date) {
  const requests: FakeStripeRequest[] = [];
  const state = {
    customers: new Map<string, { id: string; email: string | null; default_payment_method: string | null }>(),
    attached: new Map<string, string>(),
    products: new Set<string>(),
    subscriptions: new Map<string, FakeSubscription>(),
    invoices: new Map<string, FakeInvoice>(),
  };
  let seq = 0;
  const next = (prefix: string) => `${prefix}_fake${++seq}`;
  const seconds = () => Math.floor(now().getTime() / 1000);

  const cardError = (message: string, code = "card_declined", decline = "generic_decline") => ({
    status: 402,
    json: { error: { type: "card_error", code, decline_code: decline, message } },
  });
  const missing = (what: string) => ({ status: 404, json: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } } });
  const subJson = (s: FakeSubscription) => ({
    id: s.id,
    object: "subscription",
    customer: s.customer,
    status: s.status,
    trial_end: s.trial_end,
    default_payment_method: s.default_payment_method,
    items: { object: "list", data: [{ id: `si_${s.id}`, object: "subscription_item", quantity: s.quantity, current_period_end: s.current_period_end }] },
  });
  const invoiceJson = (i: FakeInvoice) => ({
    ...i,
    object: "invoice",
    hosted_invoice_url: `https://invoice.stripe.test/${i.id}`,
    invoice_pdf: `https://invoice.stripe.test/${i.id}.pdf`,
    parent: { type: "subscription_details", subscription_details: { subscription: i.subscription } },
  });

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
      if (!customer) return missing("customer");
      customer.default_payment_method = p.get("invoice_settings[default_payment_method]");
      return { json: { ...customer, object: "customer" } };
    }
    if (resource === "setup_intents" && req.method === "POST") {
      const sid = next("seti");
      return { json: { id: sid, object: "setup_intent", client_secret: `${sid}_secret_fake`, customer: p.get("customer") } };
    }
    if (resource === "payment_methods" && id) {
      const method = methodFor(id);
      if (!method) return missing("payment_method");
      if (action === "attach") state.attached.set(id, p.get("customer") ?? "");
      return {
        json: { id, object: "payment_method", customer: state.attached.get(id) ?? null, card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: 2099 } },
      };
    }
    if (resource === "products") {
      if (req.method === "GET") return id && state.products.has(id) ? { json: { id, object: "product" } } : missing("product");
      state.products.add(p.get("id") ?? next("prod"));
      return { json: { id: p.get("id"), object: "product" } };
    }
    if (resource === "subscriptions" && req.method === "POST" && !id) {
      const pm = p.get("default_payment_method") ?? "";
      const trialEnd = p.get("trial_end") ? Number(p.get("trial_end")) : null;
      if (!trialEnd && methodFor(pm)?.declines) return cardError("Your card was declined.");
      const sub: FakeSubscription = {
        id: next("sub"),
        customer: p.get("customer") ?? "",
        status: trialEnd ? "trialing" : "active",
        quantity: Number(p.get("items[0][quantity]") ?? 1),
        trial_end: trialEnd,
        current_period_end: trialEnd ?? seconds() + 30 * 86400,
        default_payment_method: pm,
        unit_amount_decimal: p.get("items[0][price_data][unit_amount_decimal]"),
      };
      state.subscriptions.set(sub.id, sub);
      if (!trialEnd) addInvoice(sub, "paid", 899);
      return { json: subJson(sub) };
    }
    if (resource === "subscriptions" && id) {
      const sub = state.subscriptions.get(id);
      if (!sub) return missing("subscription");
      if (req.method === "DELETE") sub.status = "canceled";
      if (req.method === "POST") {
        if (p.get("items[0][quantity]")) sub.quantity = Number(p.get("items[0][quantity]"));
        if (p.get("items[0][price_data][unit_amount_decimal]")) sub.unit_amount_decimal = p.get("items[0][price_data][unit_amount_decimal]");
        if (p.get("default_payment_method")) sub.default_payment_method = p.get("default_payment_method");
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
      if (!invoice) return missing("invoice");
      if (methodFor(p.get("payment_method") ?? "")?.declines) return cardError("Your card was declined.");
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      const sub = state.subscriptions.get(invoice.subscription);
      if (sub) sub.status = "active";
      return { json: invoiceJson(invoice) };
    }
    return { status: 404, json: { error: { type: "invalid_request_error", message: `fake stripe: no route ${req.method} ${req.path}` } } };
  }

  function addInvoice(sub: FakeSubscription, status: "open" | "paid", amount: number): FakeInvoice {
    const invoice = { id: next("in"), customer: sub.customer, subscription: sub.id, status, amount_due: amount, amount_paid: status === "paid" ? amount : 0, currency: "usd", created: seconds() + seq };
    state.invoices.set(invoice.id, invoice);
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
      const out = handle(request);
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
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
