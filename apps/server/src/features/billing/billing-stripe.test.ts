import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { startFakeStripe } from "../../providers/payments/stripe.fake.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";
import { DAY, emailsTo, getJson } from "./billing-test-helpers.ts";

const WEBHOOK_SECRET = "whsec_test_doorstep";
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  const clock = { now: () => (t ? t.clock.now : new Date()) };
  fake = await startFakeStripe(() => clock.now());
  t = await createTestApp({
    config: { payments: { stripeSecretKey: "sk_test_fake", stripeWebhookSecret: WEBHOOK_SECRET, stripePublishableKey: "pk_test_fake", stripeApiUrl: fake.url } },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let pmSeq = 0;
/** A fresh payment method id, as Elements makes one per card entry. */
const pm = (kind: "pm_card_visa" | "pm_card_mastercard" | "pm_card_chargeDeclined") => `${kind}_${++pmSeq}`;
const state = async (user: TestUser) => (await getJson(t.app, user, "/api/billing/subscription")).subscription;
const subscribe = (user: TestUser, paymentMethodId: string, body: object = {}) =>
  t.app.inject({ method: "POST", url: "/api/billing/subscription", headers: { cookie: user.cookie }, payload: { cycle: "monthly", paymentMethodId, ...body } });

function webhook(event: { id: string; type: string; object: Record<string, unknown> }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id: event.id, object: "event", type: event.type, created: Math.floor(Date.now() / 1000), data: { object: event.object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({ method: "POST", url: "/api/billing/webhook/stripe", headers: { "content-type": "application/json", "stripe-signature": signature }, payload });
}

describe("Stripe gateway against a fake Stripe API", () => {
  it("exposes the publishable key in /api/config", async () => {
    expect((await t.app.inject("/api/config")).json().payments).toEqual({ gateway: "stripe", stripePublishableKey: "pk_test_fake" });
  });

  it("setup intent → subscribe in the trial: customer, default card, trialing subscription with quantity and the server's price", async () => {
    const user = await buildUser(t.ctx);
    const intent = await t.app.inject({ method: "POST", url: "/api/billing/setup-intent", headers: { cookie: user.cookie } });
    expect(intent.statusCode).toBe(200);
    expect(intent.json().clientSecret).toMatch(/^seti_fake\d+_secret_fake$/);

    const res = await subscribe(user, pm("pm_card_visa"), { propertyCount: 40 });
    expect(res.statusCode).toBe(201);
    expect(res.json().subscription).toMatchObject({ gateway: "stripe", status: "trialing", quantity: 1, amount: 899, card: { brand: "visa", last4: "4242" } });

    const create = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions")!;
    expect(create.idempotencyKey).toMatch(/^subscription-/);
    expect(create.params.get("items[0][quantity]")).toBe("1");
    expect(create.params.get("items[0][price_data][unit_amount_decimal]")).toBe("899");
    expect(create.params.get("items[0][price_data][recurring][interval]")).toBe("month");
    expect(create.params.get("payment_behavior")).toBe("error_if_incomplete");
    const { trialEndsAt } = await state(user);
    expect(Number(create.params.get("trial_end"))).toBe(Math.floor(new Date(trialEndsAt).getTime() / 1000));
    expect(fake.requests.find((r) => r.path === "/v1/customers" && r.method === "POST")!.idempotencyKey).toBe(`customer-${user.accountId}`);
    const customer = [...fake.state.customers.values()].at(-1)!;
    expect(customer.default_payment_method).toMatch(/^pm_card_visa_/);

    // IMPL-15: a second property raises the quantity on the provider.
    await buildProperty(t.app, user);
    await buildProperty(t.app, user);
    const sub = [...fake.state.subscriptions.values()].at(-1)!;
    expect(sub.quantity).toBe(2);
    expect(sub.unit_amount_decimal).toBe("664.5");
  });

  it("after the trial: charged now; a declined card answers the declined copy and stores nothing", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    const declined = await subscribe(user, pm("pm_card_chargeDeclined"));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: "CARD_DECLINED", message: copy.billing.cardDeclined });
    expect((await state(user)).hasSubscription).toBe(false);

    const ok = await subscribe(user, pm("pm_card_visa"), { cycle: "annual" });
    expect(ok.json().subscription.status).toBe("active");
    const create = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions").at(-1)!;
    expect(create.params.get("trial_end")).toBeNull();
    expect(create.params.get("items[0][price_data][recurring][interval]")).toBe("year");
    const invoices = await getJson(t.app, user, "/api/billing/invoices");
    expect(invoices.items).toMatchObject([{ amountPaid: 899, currency: "usd", hostedUrl: expect.stringContaining("https://invoice.stripe.test/"), pdfUrl: expect.stringContaining(".pdf") }]);
  });

  it("webhooks: bad signature 400; payment failed → past_due once; new card pays the open invoice", async () => {
    const user = await buildUser(t.ctx);
    await subscribe(user, pm("pm_card_visa"));
    const sub = [...fake.state.subscriptions.values()].at(-1)!;

    const bad = await webhook({ id: "evt_bad", type: "invoice.paid", object: { object: "invoice", customer: sub.customer } }, "whsec_wrong");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("WEBHOOK_SIGNATURE_INVALID");

    sub.status = "past_due";
    const invoice = fake.addInvoice(sub, "open", 899);
    const failed = { id: "evt_failed_1", type: "invoice.payment_failed", object: { object: "invoice", id: invoice.id, customer: sub.customer, parent: { subscription_details: { subscription: sub.id } } } };
    expect((await webhook(failed)).json()).toEqual({ received: true, duplicate: false });
    expect((await webhook(failed)).json()).toEqual({ received: true, duplicate: true });
    expect(await state(user)).toMatchObject({ status: "past_due", paymentFailed: true, hasSubscription: true });
    expect((await emailsTo(t.ctx, user.email)).filter((e) => e.template === "payment-failed")).toHaveLength(1);

    const res = await t.app.inject({ method: "PUT", url: "/api/billing/payment-method", headers: { cookie: user.cookie }, payload: { paymentMethodId: pm("pm_card_mastercard") } });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: "active", paymentFailed: false, card: { brand: "mastercard", last4: "4444" } });
    expect(fake.requests.some((r) => r.path === `/v1/invoices/${invoice.id}/pay`)).toBe(true);
  });

  it("webhooks out of order converge on the provider's state; deleted → guides inactive", async () => {
    const user = await buildUser(t.ctx);
    await subscribe(user, pm("pm_card_visa"));
    const sub = [...fake.state.subscriptions.values()].at(-1)!;
    sub.status = "active";
    const paid = { id: "evt_paid_2", type: "invoice.paid", object: { object: "invoice", customer: sub.customer, parent: { subscription_details: { subscription: sub.id } } } };
    const olderFailure = { id: "evt_failed_0", type: "invoice.payment_failed", object: { object: "invoice", customer: sub.customer, parent: { subscription_details: { subscription: sub.id } } } };
    await webhook(paid);
    await webhook(olderFailure);
    expect(await state(user)).toMatchObject({ status: "active", paymentFailed: false });
    expect((await emailsTo(t.ctx, user.email)).filter((e) => e.template === "payment-failed")).toHaveLength(0);

    sub.status = "past_due";
    await webhook({ id: "evt_updated", type: "customer.subscription.updated", object: { object: "subscription", id: sub.id, customer: sub.customer } });
    expect(await state(user)).toMatchObject({ status: "past_due", paymentFailed: true, hasSubscription: true });

    sub.status = "canceled";
    await webhook({ id: "evt_deleted", type: "customer.subscription.deleted", object: { object: "subscription", id: sub.id, customer: sub.customer } });
    expect(await state(user)).toMatchObject({ status: "canceled", hasSubscription: false });
    expect((await getJson(t.app, user, "/api/me")).user.account.hasSubscription).toBe(false);
  });
});
