import http from "node:http";
import type { AddressInfo } from "node:net";
import { createFakeBilling, type FakeStripeContext } from "./stripe-fake-billing.ts";
import type { FakeReply, FakeStripeRequest, FakeStripeState } from "./stripe-fake-model.ts";
import { handleFakeStripeRequest } from "./stripe-fake-routes.ts";
import { newFakeStoreState } from "./stripe-fake-store.ts";

/**
 * A small stateful stand-in for api.stripe.com, so the Stripe gateway is tested against HTTP without an
 * account: just the objects the gateway uses, form-encoded in, JSON out, Stripe's error envelope for card
 * errors. Amounts, currency and periods are computed the way Stripe computes them (quantity × unit amount
 * less the coupon, the price's currency, the price's recurring interval), so a wrong amount or date from
 * the server shows. Tests drive time with `renew` and read `state` and `requests`.
 */
export async function startFakeStripe(now: () => Date) {
  const requests: FakeStripeRequest[] = [];
  const state: FakeStripeState = {
    customers: new Map(),
    attached: new Map(),
    products: new Map(),
    prices: new Map(),
    coupons: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
  };
  const replies = new Map<string, FakeReply>();
  const store = newFakeStoreState();
  let seq = 0;
  const ctx: FakeStripeContext = {
    state,
    next: (prefix) => `${prefix}_fake${++seq}`,
    count: () => seq,
    seconds: () => Math.floor(now().getTime() / 1000),
  };
  const billing = createFakeBilling(ctx);

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
      const out = (replayKey && replies.get(replayKey)) || handleFakeStripeRequest(ctx, billing, request, store);
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
    store,
    /** The host finished Express onboarding: the account can take charges. */
    completeOnboarding: (accountId: string) => {
      const account = store.accounts.get(accountId);
      if (account) Object.assign(account, { charges_enabled: true, details_submitted: true });
    },
    addInvoice: billing.addInvoice,
    renew: billing.renew,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
