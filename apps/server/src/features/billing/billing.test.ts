import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { billingAccounts, subscriptionAlerts } from "../../db/schema/billing.ts";
import { localSubscriptions } from "../../db/schema/local-gateway.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, setAccountState, type TestUser } from "../../test/factories.ts";
import { chooseHomeBanner } from "@doorstep/shared/rules/banner";
import { runLocalRenewals } from "../../commands/billing-events.ts";
import { runTrialNotices } from "./billing-events.service.ts";
import { findTrialsDueNotice } from "./billing.repository.ts";
import { CARDS, DAY, emailsTo, freshSession, getJson, localCard, subscribe } from "../../test/billing-helpers.ts";
import { createLocalPaymentMethod } from "./payment-methods.service.ts";

const IPS: Record<string, string> = { "81.2.69.160": "GB", "5.9.0.1": "DE", "1.128.0.1": "AU" };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { geo: { country: (ip) => IPS[ip] ?? null } } });
});
afterAll(() => t.close());

const state = async (user: TestUser) => (await getJson(t.app, user, "/api/billing/subscription")).subscription;
const me = async (user: TestUser) => (await getJson(t.app, user, "/api/me")).user;
const billingRow = async (user: TestUser) =>
  (await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, user.accountId)))[0]!;

describe("plans (BILL-02…18)", () => {
  it("prices the default list in the location currency for the server's quantity", async () => {
    const user = await buildUser(t.ctx);
    const usd = await getJson(t.app, user, "/api/billing/plans");
    expect(usd).toMatchObject({
      currency: "usd",
      currencyFixed: false,
      quantity: 1,
      cycles: ["monthly", "annual"],
      trialActive: true,
    });
    expect(usd.plans.map((p: { amount: number }) => p.amount)).toEqual([899, 8900]);
    expect(usd.plans[1]).toMatchObject({
      // $89 against 12 × $8.99 (BILL-11): computed from the prices, not the list's stored "SAVE 20%".
      saveMessage: "SAVE 17.5%",
      description: copy.billing.annualPlanCopy,
      unitLabel: "property",
    });
    expect(usd.plans[0].description).toBe(copy.billing.monthlyPlanCopy);

    const gb = await t.app.inject({
      url: "/api/billing/plans",
      headers: { cookie: user.cookie },
      remoteAddress: "81.2.69.160",
    });
    expect(gb.json()).toMatchObject({
      currency: "gbp",
      plans: [
        { amount: 699, unitLabel: "guide", currencySymbol: "£" },
        { amount: 6900, saveMessage: "SAVE 17.7%" },
      ],
    });
    const de = await t.app.inject({
      url: "/api/billing/plans",
      headers: { cookie: user.cookie },
      remoteAddress: "5.9.0.1",
    });
    expect(de.json().plans.map((p: { amount: number }) => p.amount)).toEqual([889, 8500]);
    const au = await t.app.inject({
      url: "/api/billing/plans?coupon=P10",
      headers: { cookie: user.cookie },
      remoteAddress: "1.128.0.1",
    });
    expect(au.json()).toMatchObject({
      currency: "aud",
      coupon: { code: "P10", percentOff: 10 },
      plans: [
        { amount: 1449, discountedAmount: 1304 },
        { amount: 13900, discountedAmount: 12510 },
      ],
    });

    await buildProperty(t.app, user);
    await buildProperty(t.app, user);
    const two = await getJson(t.app, user, "/api/billing/plans?propertyCount=9");
    expect(two).toMatchObject({ quantity: 2, plans: [{ amount: 1329 }, {}] });
  });

  it("follows the account's flags: DefaultCurrency fixed, ForceAnnual, UnitPricing, SpecialOffers, an assigned list", async () => {
    const user = await buildUser(t.ctx);
    await setAccountState(t.ctx, user.accountId, { defaultCurrency: "eur", forceAnnualSubscription: true });
    const fixed = await getJson(t.app, user, "/api/billing/plans?currency=usd");
    expect(fixed).toMatchObject({ currency: "eur", currencyFixed: true, cycles: ["annual"] });
    expect(fixed.plans).toHaveLength(1);

    await setAccountState(t.ctx, user.accountId, {
      defaultCurrency: null,
      forceAnnualSubscription: false,
      unitPricing: true,
    });
    const unit = await getJson(t.app, user, "/api/billing/plans?currency=usd");
    expect(unit.plans.map((p: { amount: number; unitLabel: string }) => [p.amount, p.unitLabel])).toEqual([
      [799, "guide"],
      [6291, "guide"],
    ]);
    expect(unit.plans[1].renewalAmount).toBe(8999);

    await setAccountState(t.ctx, user.accountId, { unitPricing: false, specialOffersEligible: true });
    const promo = await getJson(t.app, user, "/api/billing/plans?currency=usd");
    expect(promo.plans[1]).toMatchObject({ specialOffer: copy.billing.promotionalSaveMessage, renewalAmount: 8900 });

    await t.ctx.db
      .insert(billingAccounts)
      .values({ accountId: user.accountId, gateway: "local", priceList: "per-unit-2024" });
    const assigned = await getJson(t.app, user, "/api/billing/plans?currency=gbp");
    expect(assigned).toMatchObject({
      currency: "usd",
      currencies: ["usd"],
      plans: [{ cycle: "annual", amount: 2891 }],
    });
  });
});

describe("subscribing on the local gateway", () => {
  it("trial → subscribe (4242) → trialing → renewal paid → invoice listed", async () => {
    let user = await buildUser(t.ctx);
    const trialEnd = new Date(t.clock.now.getTime() + 14 * DAY);
    await setAccountState(t.ctx, user.accountId, { trialEndsAt: trialEnd });
    expect(await state(user)).toMatchObject({ hasSubscription: false, status: null, gateway: "local", card: null });

    const res = await subscribe(t.app, user, CARDS.ok, { propertyCount: 50, currency: "usd" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      paymentSuccess: true,
      subscriptionSuccess: true,
      subscription: {
        hasSubscription: true,
        status: "trialing",
        quantity: 1,
        amount: 899,
        currency: "usd",
        currencyFixed: true,
        card: { brand: "visa", last4: "4242" },
      },
    });
    expect(res.json().subscription.nextPaymentAt).toBe(trialEnd.toISOString());
    expect((await me(user)).account).toMatchObject({ hasSubscription: true, paymentFailed: false });
    expect((await getJson(t.app, user, "/api/billing/invoices")).items).toEqual([]);

    const again = await subscribe(t.app, user, CARDS.ok);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("SUBSCRIPTION_EXISTS");

    t.clock.advance(15 * DAY);
    user = await freshSession(t.ctx, user);
    // The only subscription in this file due by now: one renewal, paid.
    expect(await runLocalRenewals(t.ctx)).toBe(1);
    const after = await state(user);
    expect(after).toMatchObject({ status: "active", paymentFailed: false });
    expect(after.nextPaymentAt).toBe(new Date(trialEnd.getTime() + 30 * DAY).toISOString());
    const invoices = await getJson(t.app, user, "/api/billing/invoices");
    expect(invoices.items).toMatchObject([{ amountPaid: 899, currency: "usd" }]);
  });

  it("after the trial: charged now, next payment in 366 days, coupon P10 on the first year", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    const res = await subscribe(t.app, user, CARDS.ok, { cycle: "annual", coupon: "p10" });
    expect(res.statusCode).toBe(201);
    expect(res.json().subscription).toMatchObject({
      status: "active",
      amount: 8900,
      plan: { id: "main-usd-annual", cycle: "annual" },
    });
    expect(res.json().subscription.nextPaymentAt).toBe(new Date(t.clock.now.getTime() + 366 * DAY).toISOString());
    expect((await getJson(t.app, user, "/api/billing/invoices")).items).toMatchObject([{ amountPaid: 8010 }]);
  });

  it("BILL-37: the next invoice after the P10 coupon with its dates and lines, the current period, each invoice's period", async () => {
    let user = await buildUser(t.ctx);
    const subscribedAt = new Date(t.clock.now);
    const trialEnd = new Date(subscribedAt.getTime() + 10 * DAY);
    await setAccountState(t.ctx, user.accountId, { trialEndsAt: trialEnd });
    const res = await subscribe(t.app, user, CARDS.ok, { coupon: "p10" });
    expect(res.statusCode).toBe(201);
    const line = { description: "1 × Doorstep monthly plan (at $8.99 / every 30 days)", quantity: 1, amount: 899 };
    // Trialing: the first paid invoice comes at the trial end, 10 % off (BILL-18, OPEN-32: the first 12 months).
    expect(res.json().subscription).toMatchObject({
      status: "trialing",
      amount: 899,
      currentPeriodStart: subscribedAt.toISOString(),
      currentPeriodEnd: trialEnd.toISOString(),
      upcomingInvoice: {
        amountDue: 809,
        subtotal: 899,
        coupon: "P10",
        currency: "usd",
        nextPaymentAttempt: trialEnd.toISOString(),
        dueDate: trialEnd.toISOString(),
        periodStart: trialEnd.toISOString(),
        periodEnd: new Date(trialEnd.getTime() + 30 * DAY).toISOString(),
        lines: [line],
      },
    });

    t.clock.advance(10 * DAY + 1000);
    await runLocalRenewals(t.ctx);
    user = await freshSession(t.ctx, user);
    const secondStart = new Date(trialEnd.getTime() + 30 * DAY);
    expect((await getJson(t.app, user, "/api/billing/invoices")).items).toMatchObject([
      { amountPaid: 809, currency: "usd", periodStart: trialEnd.toISOString(), periodEnd: secondStart.toISOString() },
    ]);
    expect(await state(user)).toMatchObject({
      status: "active",
      currentPeriodStart: trialEnd.toISOString(),
      currentPeriodEnd: secondStart.toISOString(),
      upcomingInvoice: {
        amountDue: 809,
        subtotal: 899,
        coupon: "P10",
        dueDate: secondStart.toISOString(),
        periodStart: secondStart.toISOString(),
        periodEnd: new Date(secondStart.getTime() + 30 * DAY).toISOString(),
        lines: [line],
      },
    });

    // Annual, charged now: P10 takes 10 % off the first annual invoice only; the next one is at the list price.
    const annual = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    const start = new Date(t.clock.now);
    const renewal = new Date(start.getTime() + 366 * DAY);
    expect(
      (await subscribe(t.app, annual, CARDS.ok, { cycle: "annual", coupon: "P10" })).json().subscription,
    ).toMatchObject({
      status: "active",
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: renewal.toISOString(),
      upcomingInvoice: {
        amountDue: 8900,
        subtotal: 8900,
        coupon: null,
        nextPaymentAttempt: renewal.toISOString(),
        dueDate: renewal.toISOString(),
        periodStart: renewal.toISOString(),
        periodEnd: new Date(renewal.getTime() + 366 * DAY).toISOString(),
        lines: [{ description: "1 × Doorstep annual plan (at $89.00 / every 366 days)", quantity: 1, amount: 8900 }],
      },
    });
    expect((await getJson(t.app, annual, "/api/billing/invoices")).items).toMatchObject([
      { amountPaid: 8010, periodStart: start.toISOString(), periodEnd: renewal.toISOString() },
    ]);
  });

  it("BILL-37: when the provider cannot be read, /subscription still answers from our records, without the live fields", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    expect((await subscribe(t.app, user, CARDS.ok)).statusCode).toBe(201);
    const outage = vi.spyOn(t.ctx.payments, "previewNextInvoice").mockRejectedValueOnce(new Error("provider down"));
    try {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/billing/subscription",
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().subscription).toMatchObject({
        status: "active",
        amount: 899,
        currentPeriodStart: null,
        upcomingInvoice: null,
      });
      expect(outage).toHaveBeenCalledTimes(1);
    } finally {
      outage.mockRestore();
    }
    expect((await state(user)).upcomingInvoice).toMatchObject({ amountDue: 899 });
  });

  it("BILL-13/14 renewal prices: the first paid period at the offer price, every later one at the renewal price", async () => {
    let user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() + 2 * DAY) });
    await setAccountState(t.ctx, user.accountId, { unitPricing: true });
    expect((await subscribe(t.app, user, CARDS.ok, { cycle: "annual" })).json().subscription).toMatchObject({
      status: "trialing",
      amount: 6291,
    });
    const [sub] = await t.ctx.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, (await billingRow(user)).subscriptionRef!));
    expect(sub).toMatchObject({ amount: 6291, renewalAmount: 8999 });
    t.clock.advance(2 * DAY + 1000);
    await runLocalRenewals(t.ctx);
    t.clock.advance(366 * DAY);
    await runLocalRenewals(t.ctx);
    user = await freshSession(t.ctx, user);
    expect(
      (await getJson(t.app, user, "/api/billing/invoices")).items.map((i: { amountPaid: number }) => i.amountPaid),
    ).toEqual([8999, 6291]);

    // Promotional annual (12 × monthly × 0.75) charged now, renewing at the main annual price.
    const promo = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    await setAccountState(t.ctx, promo.accountId, { specialOffersEligible: true });
    const offer = (await getJson(t.app, promo, "/api/billing/plans")).plans[1];
    await subscribe(t.app, promo, CARDS.ok, { cycle: "annual" });
    t.clock.advance(366 * DAY + 1000);
    await runLocalRenewals(t.ctx);
    const later = await freshSession(t.ctx, promo);
    expect(
      (await getJson(t.app, later, "/api/billing/invoices")).items.map((i: { amountPaid: number }) => i.amountPaid),
    ).toEqual([8900, offer.amount]);
    expect(offer.amount).toBe(8091); // 12 × 8.99 less 25 %
  });

  it("serves each paid local invoice as a receipt page and a PDF download, to its own account only (BILL-40)", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    await subscribe(t.app, user, CARDS.ok);
    const [invoice] = (await getJson(t.app, user, "/api/billing/invoices")).items;
    expect(invoice.hostedUrl).toBe(`/api/billing/invoices/${invoice.id}/receipt`);
    const page = await t.app.inject({ url: invoice.hostedUrl, headers: { cookie: user.cookie } });
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("$8.99");
    expect(page.body).toContain(user.email);
    const pdf = await t.app.inject({ url: invoice.pdfUrl, headers: { cookie: user.cookie } });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toMatch(/^attachment; filename="doorstep-receipt-.+\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const stranger = await buildUser(t.ctx);
    expect((await t.app.inject({ url: invoice.hostedUrl, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
  });

  it("a declined card (0002) answers the declined copy, creates nothing and reports to support", async () => {
    const user = await buildUser(t.ctx);
    const res = await subscribe(t.app, user, CARDS.declined);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: "CARD_DECLINED", message: copy.billing.cardDeclined });
    expect(await state(user)).toMatchObject({ hasSubscription: false, status: null });
    const alerts = await t.ctx.db
      .select()
      .from(subscriptionAlerts)
      .where(eq(subscriptionAlerts.accountId, user.accountId));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.payload).toMatchObject({ planId: "main-usd-monthly", quantity: 1 });
    const toSupport = (await emailsTo(t.ctx, t.config.supportEmail)).filter((e) => e.subject.includes(user.email));
    expect(toSupport.map((e) => [e.template, e.subject])).toEqual([
      ["subscription-alert", `Subscription alert: subscribe-card (${user.email})`],
    ]);
  });

  it("insufficient funds (9995) after the trial and 3D Secure (3184) give clear errors", async () => {
    const expired = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    const poor = await subscribe(t.app, expired, CARDS.insufficient);
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error).toMatchObject({
      code: "CARD_INSUFFICIENT_FUNDS",
      message: "Your card has insufficient funds.",
    });
    const auth = await subscribe(t.app, expired, CARDS.authentication);
    expect(auth.json().error).toMatchObject({
      code: "CARD_AUTHENTICATION_REQUIRED",
      message: copy.billing.authenticationRequired,
    });
    expect((await state(expired)).hasSubscription).toBe(false);
  });

  it("0341: renewal fails → past_due (guides stay live, banner) → new card → paid", async () => {
    let user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    expect((await subscribe(t.app, user, CARDS.failsLater)).statusCode).toBe(201);
    t.clock.advance(15 * DAY);
    user = await freshSession(t.ctx, user);
    await runLocalRenewals(t.ctx);
    expect(await state(user)).toMatchObject({ hasSubscription: true, status: "past_due", paymentFailed: true });
    expect((await me(user)).account).toMatchObject({ hasSubscription: true, paymentFailed: true });
    expect((await getJson(t.app, user, `/api/properties/${propertyId}`)).property.live).toBe(true);
    expect((await emailsTo(t.ctx, user.email)).filter((e) => e.template === "payment-failed")).toHaveLength(1);
    expect((await getJson(t.app, user, "/api/billing/invoices")).items).toEqual([]);

    const paymentMethodId = await localCard(t.app, user, CARDS.ok);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/billing/payment-method",
      headers: { cookie: user.cookie },
      payload: { paymentMethodId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      paymentSuccess: true,
      subscription: { status: "active", paymentFailed: false, card: { last4: "4242" } },
    });
    expect((await me(user)).account.paymentFailed).toBe(false);
    expect((await getJson(t.app, user, "/api/billing/invoices")).items).toMatchObject([{ amountPaid: 899 }]);
  });

  it("retries run out → unpaid → guides inactive", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    await subscribe(t.app, user, CARDS.failsLater);
    t.clock.advance(15 * DAY);
    await runLocalRenewals(t.ctx);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(3 * DAY + 1000);
      await runLocalRenewals(t.ctx);
    }
    const later = await freshSession(t.ctx, user);
    // OPEN-07: still a subscription, with the payment-failed treatment (HOME-06, BILL-34/39), not "Set up your subscription".
    expect(await state(later)).toMatchObject({
      status: "unpaid",
      hasSubscription: true,
      paymentFailed: true,
      plan: { id: "main-usd-monthly" },
    });
    const account = (await me(later)).account;
    expect(account).toMatchObject({ hasSubscription: false, paymentFailed: true });
    expect(
      chooseHomeBanner({ ...account, trialEndsAt: (await state(later)).trialEndsAt, isMaster: true }, t.clock.now),
    ).toBe("payment-failed");
    expect((await getJson(t.app, later, `/api/properties/${propertyId}`)).property).toMatchObject({
      live: false,
      inactiveReason: "subscription",
    });

    // Subscribing again opens no second provider subscription: the card is fixed instead.
    const again = await subscribe(t.app, later, CARDS.ok);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("SUBSCRIPTION_EXISTS");
    const customerRef = (await billingRow(user)).customerRef!;
    expect(
      await t.ctx.db.select().from(localSubscriptions).where(eq(localSubscriptions.customerRef, customerRef)),
    ).toHaveLength(1);
    const paymentMethodId = await localCard(t.app, later, CARDS.ok);
    const fixed = await t.app.inject({
      method: "PUT",
      url: "/api/billing/payment-method",
      headers: { cookie: later.cookie },
      payload: { paymentMethodId },
    });
    expect(fixed.json().subscription).toMatchObject({ status: "active", paymentFailed: false });
    expect((await getJson(t.app, later, `/api/properties/${propertyId}`)).property.live).toBe(true);
    expect((await getJson(t.app, later, "/api/billing/invoices")).items).toMatchObject([{ amountPaid: 899 }]);
  });

  it("two subscribe requests at once (two tabs) open one subscription", async () => {
    const user = await buildUser(t.ctx);
    const [a, b] = [await localCard(t.app, user, CARDS.ok), await localCard(t.app, user, CARDS.ok)];
    const post = (paymentMethodId: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/billing/subscription",
        headers: { cookie: user.cookie },
        payload: { cycle: "monthly", paymentMethodId },
      });
    // A slow provider (Stripe round trips) makes both requests pass the "no subscription yet" check.
    const attach = t.ctx.payments.attachPaymentMethod;
    t.ctx.payments.attachPaymentMethod = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return attach(...args);
    };
    const results = await Promise.all([post(a), post(b)]).finally(() => (t.ctx.payments.attachPaymentMethod = attach));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const customerRef = (await billingRow(user)).customerRef!;
    expect(
      await t.ctx.db.select().from(localSubscriptions).where(eq(localSubscriptions.customerRef, customerRef)),
    ).toHaveLength(1);
    expect((await billingRow(user)).subscribeClaimedAt).toBeNull();
    // Later, one at a time, the second is refused as a duplicate, not as "in progress".
    expect((await post(b)).json().error.message).toBe("You already have a subscription.");
  });

  it("the billed quantity follows property creation and deletion (IMPL-15)", async () => {
    const user = await buildUser(t.ctx);
    const first = await buildProperty(t.app, user);
    await subscribe(t.app, user, CARDS.ok);
    await buildProperty(t.app, user);
    const quantity = async () =>
      (await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, user.accountId)))[0]!;
    expect(await quantity()).toMatchObject({ quantity: 2, amount: 1329 });
    const [sub] = await t.ctx.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, (await quantity()).subscriptionRef!));
    expect(sub).toMatchObject({ quantity: 2, amount: 1329 });
    await t.app.inject({
      method: "DELETE",
      url: `/api/properties/${first.propertyId}`,
      headers: { cookie: user.cookie },
    });
    expect(await quantity()).toMatchObject({ quantity: 1, amount: 899 });
  });
});

describe("trial expiry (IMPL-12, BILL-42)", () => {
  it("reminds 3 days and 1 day before and on the day; guides go inactive; a card brings them back", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() + 2.5 * DAY) });
    const { propertyId } = await buildProperty(t.app, user);
    const templates = async () =>
      (await emailsTo(t.ctx, user.email)).map((e) => e.template).filter((x) => x.startsWith("trial"));
    await runTrialNotices(t.ctx);
    await runTrialNotices(t.ctx);
    expect(await templates()).toEqual(["trial-ends-in-3-days"]);
    t.clock.advance(2 * DAY);
    await runTrialNotices(t.ctx);
    t.clock.advance(1 * DAY);
    await runTrialNotices(t.ctx);
    expect((await templates()).sort()).toEqual(["trial-ended", "trial-ends-in-1-day", "trial-ends-in-3-days"]);
    expect((await getJson(t.app, user, `/api/properties/${propertyId}`)).property).toMatchObject({
      live: false,
      inactiveReason: "subscription",
    });

    const res = await subscribe(t.app, user, CARDS.ok);
    expect(res.json().subscription).toMatchObject({ status: "active", trialActive: false });
    expect((await getJson(t.app, user, `/api/properties/${propertyId}`)).property.live).toBe(true);
  });

  it("walks every due account in batches, in trial-end order, skipping those already notified", async () => {
    const ends = (days: number) => new Date(t.clock.now.getTime() + days * DAY);
    const users = await Promise.all(
      [2.9, 2.5, 2.2, 2.8, 2.1].map((days) => buildUser(t.ctx, { trialEndsAt: ends(days) })),
    );
    const reminded = async () =>
      await Promise.all(
        users.map(
          async (u) => (await emailsTo(t.ctx, u.email)).filter((e) => e.template === "trial-ends-in-3-days").length,
        ),
      );
    const due = (await findTrialsDueNotice(t.ctx.db, t.clock.now, null, 500)).filter((r) =>
      users.some((u) => u.accountId === r.accountId),
    );
    expect(due.map((r) => r.trialEndsAt!.getTime())).toEqual([2.1, 2.2, 2.5, 2.8, 2.9].map((d) => ends(d).getTime()));
    // Every account due a notice now (these five and any earlier test's), each once.
    const dueEverywhere = (await findTrialsDueNotice(t.ctx.db, t.clock.now, null, 500)).length;
    expect(await runTrialNotices(t.ctx, 2)).toBe(dueEverywhere);
    expect(await reminded()).toEqual([1, 1, 1, 1, 1]);

    // More hosts join the band; a second run (batch 2 again) reaches them and no one twice.
    const more = await Promise.all([2.3, 2.4, 2.6].map((days) => buildUser(t.ctx, { trialEndsAt: ends(days) })));
    expect(await runTrialNotices(t.ctx, 2)).toBe(3);
    users.push(...more);
    expect(await reminded()).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(await findTrialsDueNotice(t.ctx.db, t.clock.now, null, 500)).toEqual([]);
  });
});

describe("pause or cancel (BILL-43…48)", () => {
  it("requires every field but the message, stores the request and emails support and the host", async () => {
    const user = await buildUser(t.ctx);
    const base = {
      name: "Alex Host",
      email: "alex@example.com",
      tel: "+44 7700 900000",
      request: "cancel",
      reason: "no-longer-own",
    };
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/billing/cancellation-requests",
      headers: { cookie: user.cookie },
      payload: { ...base, reason: undefined },
    });
    expect(missing.statusCode).toBe(400);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/billing/cancellation-requests",
      headers: { cookie: user.cookie },
      payload: base,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ request: { status: "received" }, reviewInvitation: true });
    const pause = await t.app.inject({
      method: "POST",
      url: "/api/billing/cancellation-requests",
      headers: { cookie: user.cookie },
      payload: { ...base, request: "pause-1-month", message: "Back in spring" },
    });
    expect(pause.json().reviewInvitation).toBe(false);
    // The confirmation goes to the account's email, never to the address typed in the form.
    expect(await emailsTo(t.ctx, "alex@example.com")).toEqual([]);
    expect(
      (await emailsTo(t.ctx, user.email)).filter((e) => e.template !== "verify-email").map((e) => e.template),
    ).toEqual(["cancellation-request-confirmation", "cancellation-request-confirmation"]);
    const toSupport = (await emailsTo(t.ctx, t.config.supportEmail)).filter(
      (e) => e.template === "cancellation-request-support" && e.text.includes(`account ${user.accountId}`),
    );
    expect(toSupport.map((e) => e.subject).sort()).toEqual([
      "Pause/cancel request: cancel (alex@example.com)",
      "Pause/cancel request: pause-1-month (alex@example.com)",
    ]);

    // Each call mails support: 10 an hour per account, alerts and requests together.
    for (let i = 0; i < 8; i++) {
      const alert = await t.app.inject({
        method: "POST",
        url: "/api/billing/subscription-alerts",
        headers: { cookie: user.cookie },
        payload: { errorMessage: `try ${i}` },
      });
      expect(alert.statusCode).toBe(204);
    }
    const limited = await t.app.inject({
      method: "POST",
      url: "/api/billing/subscription-alerts",
      headers: { cookie: user.cookie },
      payload: { errorMessage: "flood" },
    });
    expect(limited.statusCode).toBe(429);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/billing/cancellation-requests",
          headers: { cookie: user.cookie },
          payload: base,
        })
      ).statusCode,
    ).toBe(429);
  });
});

describe("access (BILL-49) and test mode", () => {
  it("answers 403 to non-master accounts on every billing route", async () => {
    const member = await buildUser(t.ctx, { isMaster: false });
    const calls: [string, string, object | undefined][] = [
      ["GET", "/api/billing/subscription", undefined],
      ["GET", "/api/billing/plans", undefined],
      ["GET", "/api/billing/invoices", undefined],
      ["POST", "/api/billing/setup-intent", {}],
      ["POST", "/api/billing/local/payment-methods", { number: CARDS.ok, expMonth: 1, expYear: 2099, cvc: "123" }],
      ["POST", "/api/billing/subscription", { cycle: "monthly", paymentMethodId: "pm_x" }],
      ["PUT", "/api/billing/payment-method", { paymentMethodId: "pm_x" }],
      ["POST", "/api/billing/subscription-alerts", { errorMessage: "x" }],
      [
        "POST",
        "/api/billing/cancellation-requests",
        { name: "a", email: "a@example.com", tel: "1", request: "cancel", reason: "product-value" },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as "GET", url, headers: { cookie: member.cookie }, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
  });

  it("refuses the test card form in production and the setup intent and webhook without Stripe", async () => {
    const user = await buildUser(t.ctx);
    const production = { ...t.ctx, config: { ...t.ctx.config, env: "production" as const } };
    await expect(
      createLocalPaymentMethod(
        production,
        { userId: user.id, accountId: user.accountId, sessionId: "x" },
        { number: CARDS.ok, expMonth: 1, expYear: 2099, cvc: "123" },
      ),
    ).rejects.toMatchObject({ code: "NOT_CONFIGURED" });
    const intent = await t.app.inject({
      method: "POST",
      url: "/api/billing/setup-intent",
      headers: { cookie: user.cookie },
    });
    expect(intent.json().error.code).toBe("NOT_CONFIGURED");
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/billing/webhook/stripe",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(503);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/billing/local/payment-methods",
      headers: { cookie: user.cookie },
      payload: { number: "4242 4242 4242 4241", expMonth: 1, expYear: 2099, cvc: "123" },
    });
    expect(bad.json().error).toMatchObject({ code: "CARD_INVALID", message: "Your card number is invalid." });
  });

  it("stores alerts the browser reports (BILL-31)", async () => {
    const user = await buildUser(t.ctx);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/billing/subscription-alerts",
      headers: { cookie: user.cookie },
      payload: { cycle: "monthly", errorMessage: "Your card's security code is incorrect." },
    });
    expect(res.statusCode).toBe(204);
    const alerts = await t.ctx.db
      .select()
      .from(subscriptionAlerts)
      .where(eq(subscriptionAlerts.accountId, user.accountId));
    expect(alerts[0]).toMatchObject({ kind: "client", errorMessage: "Your card's security code is incorrect." });
  });
});
