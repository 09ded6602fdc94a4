import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { billingAccounts } from "../../db/schema/billing.ts";
import { createPaymentGateway } from "../../providers/payments/index.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  DAY,
  emailsTo,
  freshSession,
  getJson,
  fakeStripePayments,
  STRIPE_WEBHOOK_SECRET,
} from "../../test/billing-helpers.ts";
import { buildProperty, buildUser, setAccountState, type TestUser } from "../../test/factories.ts";
import { startFakeStripe } from "../../test/fakes/stripe-fake.ts";

const WEBHOOK_SECRET = STRIPE_WEBHOOK_SECRET;
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const signer = new Stripe("sk_test_fake");

beforeAll(async () => {
  const clock = { now: () => (t ? t.clock.now : new Date()) };
  fake = await startFakeStripe(() => clock.now());
  t = await createTestApp({
    config: {
      payments: fakeStripePayments(fake.url),
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let pmSeq = 0;
/** A fresh payment method id, as Elements makes one per card entry. */
const pm = (
  kind: "pm_card_visa" | "pm_card_mastercard" | "pm_card_chargeDeclined" | "pm_card_authenticationRequired",
) => `${kind}_${++pmSeq}`;
const state = async (user: TestUser) => (await getJson(t.app, user, "/api/billing/subscription")).subscription;
const subscribe = (user: TestUser, paymentMethodId: string, body: object = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/billing/subscription",
    headers: { cookie: user.cookie },
    payload: { cycle: "monthly", paymentMethodId, ...body },
  });

function webhook(event: { id: string; type: string; object: Record<string, unknown> }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: event.id,
    object: "event",
    type: event.type,
    created: Math.floor(Date.now() / 1000),
    data: { object: event.object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: "POST",
    url: "/api/billing/webhook/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}

let evtSeq = 0;
/** Stripe's invoice.paid for a fake invoice, as its webhook would deliver it. */
const invoicePaid = (invoice: { id: string; customer: string; subscription: string }) =>
  webhook({
    id: `evt_paid_${++evtSeq}`,
    type: "invoice.paid",
    object: {
      object: "invoice",
      id: invoice.id,
      customer: invoice.customer,
      parent: { subscription_details: { subscription: invoice.subscription } },
    },
  });
const lastCreate = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions").at(-1)!;
const subscriptionOf = (customer: string) =>
  [...fake.state.subscriptions.values()].filter((s) => s.customer === customer).at(-1)!;
const customerOf = async (user: TestUser) =>
  (await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, user.accountId)))[0]!.customerRef!;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("Stripe gateway against a fake Stripe API", () => {
  it("exposes the publishable key in /api/config, and refuses to start Stripe without it or without the webhook secret", async () => {
    expect((await t.app.inject("/api/config")).json().payments).toEqual({
      gateway: "stripe",
      stripePublishableKey: "pk_test_fake",
    });
    const deps = { db: t.ctx.db, now: () => new Date() };
    expect(() =>
      createPaymentGateway({ stripeSecretKey: "sk_test_fake", stripeWebhookSecret: WEBHOOK_SECRET }, deps),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY is required/);
    expect(() =>
      createPaymentGateway({ stripeSecretKey: "sk_test_fake", stripePublishableKey: "pk_test_fake" }, deps),
    ).toThrow(/STRIPE_WEBHOOK_SECRET is required/);
    expect(createPaymentGateway({}, deps).kind).toBe("local");
  });

  it("setup intent → subscribe in the trial: customer, default card, trialing subscription with quantity and the server's price; billed at the trial end, then every 30 days", async () => {
    let user = await buildUser(t.ctx);
    const intent = await t.app.inject({
      method: "POST",
      url: "/api/billing/setup-intent",
      headers: { cookie: user.cookie },
    });
    expect(intent.statusCode).toBe(200);
    expect(intent.json().clientSecret).toMatch(/^seti_fake\d+_secret_fake$/);

    const res = await subscribe(user, pm("pm_card_visa"), { propertyCount: 40 });
    expect(res.statusCode).toBe(201);
    expect(res.json().subscription).toMatchObject({
      gateway: "stripe",
      status: "trialing",
      quantity: 1,
      amount: 899,
      card: { brand: "visa", last4: "4242" },
    });

    const create = fake.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions")!;
    expect(create.idempotencyKey).toMatch(/^subscription-/);
    expect(create.params.get("items[0][quantity]")).toBe("1");
    expect(create.params.get("items[0][price_data][unit_amount_decimal]")).toBe("899");
    expect(create.params.get("items[0][price_data][currency]")).toBe("usd");
    // BILL-25, XCUT-57: periods of 30 days, not calendar months.
    expect(create.params.get("items[0][price_data][recurring][interval]")).toBe("day");
    expect(create.params.get("items[0][price_data][recurring][interval_count]")).toBe("30");
    expect(create.params.get("payment_behavior")).toBe("error_if_incomplete");
    const { trialEndsAt } = await state(user);
    expect(Number(create.params.get("trial_end"))).toBe(Math.floor(new Date(trialEndsAt).getTime() / 1000));
    expect(fake.requests.find((r) => r.path === "/v1/customers" && r.method === "POST")!.idempotencyKey).toBe(
      `customer-${user.accountId}`,
    );
    const customer = [...fake.state.customers.values()].at(-1)!;
    expect(customer.default_payment_method).toMatch(/^pm_card_visa_/);

    // IMPL-15: a second property raises the quantity on the provider.
    await buildProperty(t.app, user);
    await buildProperty(t.app, user);
    const sub = [...fake.state.subscriptions.values()].at(-1)!;
    expect(sub.quantity).toBe(2);
    expect(sub.price.unit_amount_decimal).toBe("664.5");
    expect(sub.price).toMatchObject({ interval: "day", interval_count: 30, currency: "usd" });

    // The trial ends: Stripe bills 2 × 6.645 = 13.29 and the next payment is 30 days on.
    t.clock.advance(new Date(trialEndsAt).getTime() - t.clock.now.getTime() + 1000);
    user = await freshSession(t.ctx, user);
    const first = fake.renew(sub.id);
    expect(first).toMatchObject({ status: "paid", amount_paid: 1329, currency: "usd" });
    expect((await invoicePaid(first)).statusCode).toBe(200);
    expect(await state(user)).toMatchObject({
      status: "active",
      nextPaymentAt: new Date(Math.floor(new Date(trialEndsAt).getTime() / 1000) * 1000 + 30 * DAY).toISOString(),
    });
    expect((await getJson(t.app, user, "/api/billing/invoices")).items).toMatchObject([
      { id: first.id, amountPaid: 1329, currency: "usd" },
    ]);
  });

  it("after the trial: charged now; a declined card answers the declined copy and stores nothing", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    const declined = await subscribe(user, pm("pm_card_chargeDeclined"));
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: "CARD_DECLINED", message: copy.billing.cardDeclined });
    expect((await state(user)).hasSubscription).toBe(false);

    const ok = await subscribe(user, pm("pm_card_visa"), { cycle: "annual" });
    expect(ok.json().subscription).toMatchObject({ status: "active", amount: 8900 });
    // BILL-25: charged now, next billing 366 days ahead.
    expect(ok.json().subscription.nextPaymentAt).toBe(
      new Date(Math.floor(t.clock.now.getTime() / 1000) * 1000 + 366 * DAY).toISOString(),
    );
    const create = lastCreate();
    expect(create.params.get("trial_end")).toBeNull();
    expect(create.params.get("items[0][price_data][unit_amount_decimal]")).toBe("8900");
    expect(create.params.get("items[0][price_data][recurring][interval]")).toBe("day");
    expect(create.params.get("items[0][price_data][recurring][interval_count]")).toBe("366");
    const invoices = await getJson(t.app, user, "/api/billing/invoices");
    const paid = [...fake.state.invoices.values()].find(
      (i) => i.customer === create.params.get("customer") && i.amount_paid > 0,
    )!;
    expect(invoices.items).toMatchObject([
      {
        id: paid.id,
        amountPaid: 8900,
        currency: "usd",
        hostedUrl: `https://invoice.stripe.test/${paid.id}`,
        pdfUrl: `https://invoice.stripe.test/${paid.id}.pdf`,
      },
    ]);
  });

  it("coupon P10: made once on Stripe (10 % off for 12 months, idempotent), the first year discounted, the second at full price, in the plan's currency", async () => {
    let user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    await setAccountState(t.ctx, user.accountId, { defaultCurrency: "eur" });
    const res = await subscribe(user, pm("pm_card_visa"), { cycle: "annual", coupon: "p10" });
    expect(res.statusCode).toBe(201);
    const couponCreates = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/coupons");
    expect(couponCreates).toHaveLength(1);
    expect(couponCreates[0]!.idempotencyKey).toBe("coupon-P10-10-12");
    expect(Object.fromEntries(couponCreates[0]!.params)).toMatchObject({
      id: "P10",
      percent_off: "10",
      duration: "repeating",
      duration_in_months: "12",
    });
    expect(lastCreate().params.get("discounts[0][coupon]")).toBe("P10");
    expect((await getJson(t.app, user, "/api/billing/invoices")).items).toMatchObject([
      { amountPaid: 7650, currency: "eur" },
    ]);

    // A second subscriber reuses the coupon.
    const other = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    expect((await subscribe(other, pm("pm_card_visa"), { coupon: "P10" })).statusCode).toBe(201);
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/coupons")).toHaveLength(1);
    expect((await getJson(t.app, other, "/api/billing/invoices")).items).toMatchObject([
      { amountPaid: 809, currency: "usd" },
    ]);

    // 366 days on, the coupon's 12 months are over.
    t.clock.advance(366 * DAY);
    user = await freshSession(t.ctx, user);
    const second = fake.renew(subscriptionOf(await customerOf(user)).id);
    expect(second).toMatchObject({ amount_paid: 8500, currency: "eur" });
  });

  it("BILL-37 from the subscription and the preview invoice: the amount due after P10, the next attempt, the due date, the lines; invoices carry their line's period", async () => {
    let user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() + 10 * DAY) });
    const res = await subscribe(user, pm("pm_card_visa"), { coupon: "P10" });
    expect(res.statusCode).toBe(201);
    const sub = subscriptionOf(await customerOf(user));
    const trialEnd = sub.trial_end!;
    const line = { description: "1 × Doorstep main-usd-monthly (at $8.99 / every 30 days)", quantity: 1, amount: 899 };
    expect(res.json().subscription).toMatchObject({
      status: "trialing",
      currentPeriodStart: iso(sub.created),
      currentPeriodEnd: iso(trialEnd),
      upcomingInvoice: {
        amountDue: 809,
        subtotal: 899,
        coupon: "P10",
        currency: "usd",
        // Stripe issues the invoice at the period end and attempts the charge an hour later.
        nextPaymentAttempt: iso(trialEnd + 3600),
        dueDate: iso(trialEnd),
        periodStart: iso(trialEnd),
        periodEnd: iso(trialEnd + 30 * 86_400),
        lines: [line],
      },
    });
    const preview = fake.requests
      .filter((r) => r.method === "POST" && r.path === "/v1/invoices/create_preview")
      .at(-1)!;
    expect(preview.params.get("subscription")).toBe(sub.id);

    t.clock.advance((trialEnd + 1) * 1000 - t.clock.now.getTime());
    user = await freshSession(t.ctx, user);
    const first = fake.renew(sub.id);
    expect(first).toMatchObject({
      status: "paid",
      amount_paid: 809,
      subtotal: 899,
      period_start: sub.created,
      period_end: trialEnd,
    });
    await invoicePaid(first);
    const secondStart = trialEnd + 30 * 86_400;
    // The invoice's service period is its line's, not Stripe's invoice-level period (the one just ended).
    expect((await getJson(t.app, user, "/api/billing/invoices")).items).toEqual([
      {
        id: first.id,
        date: iso(first.created),
        amountPaid: 809,
        currency: "usd",
        periodStart: iso(trialEnd),
        periodEnd: iso(secondStart),
        hostedUrl: `https://invoice.stripe.test/${first.id}`,
        pdfUrl: `https://invoice.stripe.test/${first.id}.pdf`,
      },
    ]);
    expect(await state(user)).toMatchObject({
      status: "active",
      currentPeriodStart: iso(trialEnd),
      currentPeriodEnd: iso(secondStart),
      upcomingInvoice: {
        amountDue: 809,
        subtotal: 899,
        coupon: "P10",
        nextPaymentAttempt: iso(secondStart + 3600),
        dueDate: iso(secondStart),
        periodStart: iso(secondStart),
        lines: [line],
      },
    });

    // Annual charged now: the coupon takes 10 % off the first annual invoice only (its 12 months end before day 366).
    const annual = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    const charged = await subscribe(annual, pm("pm_card_visa"), { cycle: "annual", coupon: "P10" });
    const annualSub = subscriptionOf(await customerOf(annual));
    const renewal = annualSub.current_period_end;
    expect(charged.json().subscription.upcomingInvoice).toEqual({
      amountDue: 8900,
      subtotal: 8900,
      coupon: null,
      currency: "usd",
      nextPaymentAttempt: iso(renewal + 3600),
      dueDate: iso(renewal),
      periodStart: iso(renewal),
      periodEnd: iso(renewal + 366 * 86_400),
      lines: [{ description: "1 × Doorstep main-usd-annual (at $89.00 / every 366 days)", quantity: 1, amount: 8900 }],
    });
    expect((await getJson(t.app, annual, "/api/billing/invoices")).items).toMatchObject([
      { amountPaid: 8010, periodStart: iso(annualSub.created), periodEnd: iso(renewal) },
    ]);

    // Canceled: nothing to preview, no subscription shown.
    annualSub.status = "canceled";
    await webhook({
      id: "evt_deleted_preview",
      type: "customer.subscription.deleted",
      object: { object: "subscription", id: annualSub.id, customer: annualSub.customer },
    });
    expect(await state(annual)).toMatchObject({
      hasSubscription: false,
      upcomingInvoice: null,
      currentPeriodStart: null,
    });
  });

  it("BILL-13 renewal prices: legacy annual 62.91 for the first paid year, then 89.99 (swapped on the first invoice.paid; charged-now swaps at once)", async () => {
    let user = await buildUser(t.ctx);
    await setAccountState(t.ctx, user.accountId, { unitPricing: true });
    const res = await subscribe(user, pm("pm_card_visa"), { cycle: "annual" });
    expect(res.json().subscription).toMatchObject({ status: "trialing", amount: 6291 });
    expect(lastCreate().params.get("metadata[renewal_amount]")).toBe("8999");
    const sub = subscriptionOf(await customerOf(user));

    // The trial's own $0 invoice.paid changes nothing.
    const zero = [...fake.state.invoices.values()].find((i) => i.subscription === sub.id)!;
    expect(zero.amount_paid).toBe(0);
    await invoicePaid(zero);
    expect(sub.price.unit_amount_decimal).toBe("6291");

    t.clock.advance(new Date((await state(user)).trialEndsAt).getTime() - t.clock.now.getTime() + 1000);
    user = await freshSession(t.ctx, user);
    const first = fake.renew(sub.id);
    expect(first.amount_paid).toBe(6291);
    await invoicePaid(first);
    const swap = fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${sub.id}`).at(-1)!;
    expect(swap.params.get("proration_behavior")).toBe("none");
    expect(swap.idempotencyKey).toBe(`renewal-${sub.id}`);
    expect(sub.price).toMatchObject({ unit_amount_decimal: "8999", interval: "day", interval_count: 366 });
    await invoicePaid(first); // a redelivery under a new event id does not swap twice
    expect(fake.requests.filter((r) => r.path === `/v1/subscriptions/${sub.id}` && r.method === "POST")).toHaveLength(
      1,
    );

    t.clock.advance(366 * DAY);
    expect(fake.renew(sub.id)).toMatchObject({ amount_paid: 8999, period_start: first.period_end });

    // Charged now: the first year is paid at creation, so the swap happens at once.
    const expired = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    await setAccountState(t.ctx, expired.accountId, { unitPricing: true });
    expect((await subscribe(expired, pm("pm_card_visa"), { cycle: "annual" })).json().subscription.status).toBe(
      "active",
    );
    const charged = subscriptionOf(await customerOf(expired));
    expect((await getJson(t.app, expired, "/api/billing/invoices")).items).toMatchObject([{ amountPaid: 6291 }]);
    expect(charged.price.unit_amount_decimal).toBe("8999");
    expect(iso(charged.current_period_end)).toBe((await state(expired)).nextPaymentAt);
  });

  it("3D Secure on the charge-now path (3184): the clear authentication message, as on the local gateway, and nothing created", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    const res = await subscribe(user, pm("pm_card_authenticationRequired"));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: "CARD_AUTHENTICATION_REQUIRED",
      message: copy.billing.authenticationRequired,
    });
    expect(await state(user)).toMatchObject({ hasSubscription: false, status: null });
    const customer = await customerOf(user);
    expect([...fake.state.subscriptions.values()].filter((s) => s.customer === customer)).toEqual([]);
  });

  it("webhooks: bad signature 400; payment failed → past_due once; new card pays the open invoice", async () => {
    const user = await buildUser(t.ctx);
    await subscribe(user, pm("pm_card_visa"));
    const sub = [...fake.state.subscriptions.values()].at(-1)!;

    const bad = await webhook(
      { id: "evt_bad", type: "invoice.paid", object: { object: "invoice", customer: sub.customer } },
      "whsec_wrong",
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("WEBHOOK_SIGNATURE_INVALID");

    sub.status = "past_due";
    const invoice = fake.addInvoice(sub, "open", 899);
    const failed = {
      id: "evt_failed_1",
      type: "invoice.payment_failed",
      object: {
        object: "invoice",
        id: invoice.id,
        customer: sub.customer,
        parent: { subscription_details: { subscription: sub.id } },
      },
    };
    expect((await webhook(failed)).json()).toEqual({ received: true, duplicate: false });
    expect((await webhook(failed)).json()).toEqual({ received: true, duplicate: true });
    expect(await state(user)).toMatchObject({ status: "past_due", paymentFailed: true, hasSubscription: true });
    expect((await emailsTo(t.ctx, user.email)).filter((e) => e.template === "payment-failed")).toHaveLength(1);

    const newCard = pm("pm_card_mastercard");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/billing/payment-method",
      headers: { cookie: user.cookie },
      payload: { paymentMethodId: newCard },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      status: "active",
      paymentFailed: false,
      card: { brand: "mastercard", last4: "4444" },
    });
    const pays = fake.requests.filter((r) => r.path === `/v1/invoices/${invoice.id}/pay`);
    expect(pays.map((r) => [r.method, r.params.get("payment_method")])).toEqual([["POST", newCard]]);
    expect(fake.state.invoices.get(invoice.id)).toMatchObject({ status: "paid", amount_paid: 899 });
  });

  it("webhooks out of order converge on the provider's state; deleted → guides inactive", async () => {
    const user = await buildUser(t.ctx);
    await subscribe(user, pm("pm_card_visa"));
    const sub = [...fake.state.subscriptions.values()].at(-1)!;
    sub.status = "active";
    const paid = {
      id: "evt_paid_2",
      type: "invoice.paid",
      object: { object: "invoice", customer: sub.customer, parent: { subscription_details: { subscription: sub.id } } },
    };
    const olderFailure = {
      id: "evt_failed_0",
      type: "invoice.payment_failed",
      object: { object: "invoice", customer: sub.customer, parent: { subscription_details: { subscription: sub.id } } },
    };
    await webhook(paid);
    await webhook(olderFailure);
    expect(await state(user)).toMatchObject({ status: "active", paymentFailed: false });
    expect((await emailsTo(t.ctx, user.email)).filter((e) => e.template === "payment-failed")).toHaveLength(0);

    sub.status = "past_due";
    await webhook({
      id: "evt_updated",
      type: "customer.subscription.updated",
      object: { object: "subscription", id: sub.id, customer: sub.customer },
    });
    expect(await state(user)).toMatchObject({ status: "past_due", paymentFailed: true, hasSubscription: true });

    sub.status = "canceled";
    await webhook({
      id: "evt_deleted",
      type: "customer.subscription.deleted",
      object: { object: "subscription", id: sub.id, customer: sub.customer },
    });
    expect(await state(user)).toMatchObject({ status: "canceled", hasSubscription: false });
    expect((await getJson(t.app, user, "/api/me")).user.account.hasSubscription).toBe(false);
  });
});

describe("subscription lifecycle webhooks (IMPL-14, OPEN-07/08)", () => {
  /** The Stripe SDK on the fake, as support acting in Stripe's dashboard would change things. */
  const dashboard = () => {
    const url = new URL(fake.url);
    return new Stripe("sk_test_fake", { host: url.hostname, port: url.port, protocol: "http" });
  };
  const subscriptionEvent = (id: string, type: string, sub: { id: string; customer: string; status: string }) =>
    webhook({ id, type, object: { object: "subscription", id: sub.id, customer: sub.customer, status: sub.status } });
  const reads = (subscriptionId: string) =>
    fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/subscriptions/${subscriptionId}`).length;
  const property = async (user: TestUser, propertyId: string) =>
    (await getJson(t.app, user, `/api/properties/${propertyId}`)).property;

  it("customer.subscription.created: ours converges on Stripe's copy once; one we never recorded is not adopted", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    const { propertyId } = await buildProperty(t.app, user);
    // The setup intent makes the Stripe customer (IMPL-13).
    expect(
      (await t.app.inject({ method: "POST", url: "/api/billing/setup-intent", headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(200);
    const customer = await customerOf(user);

    // Made in Stripe for this customer, not by our subscribe (e.g. by hand in the dashboard): nothing changes.
    const stripe = dashboard();
    await stripe.products.create({ id: "prod_dashboard", name: "Made by hand" });
    const foreign = await stripe.subscriptions.create({
      customer,
      items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            product: "prod_dashboard",
            unit_amount: 899,
            recurring: { interval: "day", interval_count: 30 },
          },
        },
      ],
      default_payment_method: pm("pm_card_visa"),
    });
    expect(foreign.status).toBe("active");
    expect(
      (
        await subscriptionEvent("evt_created_foreign", "customer.subscription.created", {
          id: foreign.id,
          customer,
          status: "active",
        })
      ).json(),
    ).toEqual({ received: true, duplicate: false });
    expect(await state(user)).toMatchObject({ hasSubscription: false, status: null, upcomingInvoice: null });
    expect((await getJson(t.app, user, "/api/me")).user.account).toMatchObject({
      hasSubscription: false,
      paymentFailed: false,
    });
    expect(await property(user, propertyId)).toMatchObject({ live: false, inactiveReason: "subscription" });
    expect(reads(foreign.id)).toBe(0);

    // Our own subscription: the event re-reads it and the account matches Stripe (active, its period, guides live).
    expect((await subscribe(user, pm("pm_card_visa"))).statusCode).toBe(201);
    const sub = subscriptionOf(customer);
    expect(sub.id).not.toBe(foreign.id);
    await t.ctx.db
      .update(billingAccounts)
      .set({ currentPeriodEnd: null })
      .where(eq(billingAccounts.accountId, user.accountId));
    const created = {
      id: "evt_created_ours",
      type: "customer.subscription.created",
      sub: { id: sub.id, customer, status: "active" },
    };
    const before = reads(sub.id);
    expect((await subscriptionEvent(created.id, created.type, created.sub)).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect(reads(sub.id)).toBe(before + 1);
    const row = (
      await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, user.accountId))
    )[0]!;
    expect(row).toMatchObject({
      subscriptionRef: sub.id,
      status: "active",
      currentPeriodEnd: new Date(sub.current_period_end * 1000),
      trialEnd: null,
    });
    expect(await state(user)).toMatchObject({
      hasSubscription: true,
      status: "active",
      nextPaymentAt: iso(sub.current_period_end),
    });
    expect(await property(user, propertyId)).toMatchObject({ live: true });

    // Delivered again: recorded as a duplicate, Stripe is not asked again.
    const afterFirst = reads(sub.id);
    expect((await subscriptionEvent(created.id, created.type, created.sub)).json()).toEqual({
      received: true,
      duplicate: true,
    });
    expect(reads(sub.id)).toBe(afterFirst);
  });

  it("customer.subscription.deleted: the subscription ends, guides go inactive after the trial (live while it runs), once; a new card subscribes again", async () => {
    let user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() + 5 * DAY) });
    const { propertyId } = await buildProperty(t.app, user);
    expect((await subscribe(user, pm("pm_card_visa"))).json().subscription.status).toBe("trialing");
    const customer = await customerOf(user);
    const sub = subscriptionOf(customer);

    // Canceled in Stripe during the trial: no subscription any more, but the trial still keeps guides live (OPEN-07).
    expect((await dashboard().subscriptions.cancel(sub.id)).status).toBe("canceled");
    const deleted = { id: sub.id, customer, status: "canceled" };
    expect((await subscriptionEvent("evt_deleted_trial", "customer.subscription.deleted", deleted)).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await state(user)).toMatchObject({
      hasSubscription: false,
      status: "canceled",
      paymentFailed: false,
      plan: null,
      amount: null,
      nextPaymentAt: null,
      upcomingInvoice: null,
    });
    expect((await getJson(t.app, user, "/api/me")).user.account).toMatchObject({
      hasSubscription: false,
      paymentFailed: false,
    });
    expect(await property(user, propertyId)).toMatchObject({ live: true });

    // The trial ends: the guides go inactive, as for a trial that ended without a subscription (BILL-42).
    t.clock.advance(5 * DAY + 1000);
    user = await freshSession(t.ctx, user);
    expect(await property(user, propertyId)).toMatchObject({ live: false, inactiveReason: "subscription" });

    // The same event again changes nothing and asks Stripe nothing.
    const before = reads(sub.id);
    expect((await subscriptionEvent("evt_deleted_trial", "customer.subscription.deleted", deleted)).json()).toEqual({
      received: true,
      duplicate: true,
    });
    expect(reads(sub.id)).toBe(before);
    expect(await state(user)).toMatchObject({ hasSubscription: false, status: "canceled" });

    // An ended subscription does not block a new one (charged now, the trial is over): guides live again.
    const again = await subscribe(user, pm("pm_card_mastercard"));
    expect(again.statusCode).toBe(201);
    expect(again.json().subscription).toMatchObject({
      hasSubscription: true,
      status: "active",
      card: { brand: "mastercard", last4: "4444" },
    });
    expect(subscriptionOf(customer).id).not.toBe(sub.id);
    expect(await property(user, propertyId)).toMatchObject({ live: true });

    // A late copy of the old subscription's deletion (a new event id) is ignored: it is not the current subscription.
    expect((await subscriptionEvent("evt_deleted_late", "customer.subscription.deleted", deleted)).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await state(user)).toMatchObject({ hasSubscription: true, status: "active" });
    expect(await property(user, propertyId)).toMatchObject({ live: true });
  });
});
