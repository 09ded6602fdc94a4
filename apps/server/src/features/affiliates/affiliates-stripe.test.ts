import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliateCommissions, affiliates } from "../../db/schema/affiliates.ts";
import { rewardPayouts } from "../../db/schema/referrals.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DAY, fakeStripePayments, STRIPE_WEBHOOK_SECRET } from "../../test/billing-helpers.ts";
import { TEST_PASSWORD, type TestUser } from "../../test/factories.ts";
import { startFakeStripe } from "../../test/fakes/stripe-fake.ts";
import { runAffiliateCommissions } from "./affiliate-commissions.service.ts";

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

function webhook(id: string, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id, object: "event", type, created: 0, data: { object } });
  return t.app.inject({
    method: "POST",
    url: "/api/billing/webhook/stripe",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

let seq = 0;
type Sub = { id: string; customer: string; status: string };

const invoicePaid = (sub: Sub, invoiceId: string, id = `evt_aff_paid_${++seq}`) =>
  webhook(id, "invoice.paid", {
    object: "invoice",
    id: invoiceId,
    customer: sub.customer,
    parent: { subscription_details: { subscription: sub.id } },
  });

const refunded = (sub: Sub, invoiceId: string, id = `evt_aff_refund_${++seq}`) =>
  webhook(id, "charge.refunded", { object: "charge", id: `ch_${seq}`, customer: sub.customer, invoice: invoiceId });

/** Stripe paid an invoice of `subtotal` with a coupon's discount taken off (what the fake's list then shows). */
function paidInvoice(sub: Sub, subtotal: number, paid: number): string {
  const template = [...fake.state.invoices.values()].find((i) => i.subscription === sub.id)!;
  const id = `in_aff_${++seq}`;
  fake.state.invoices.set(id, {
    ...template,
    id,
    status: "paid",
    subtotal,
    amount_due: paid,
    amount_paid: paid,
    created: Math.floor(t.clock.now.getTime() / 1000) + seq,
  });
  return id;
}

async function signUp(url: string, payload: Record<string, unknown>): Promise<TestUser> {
  const email = `aff-stripe-${++seq}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url,
    payload: { firstName: "Sam", email, password: TEST_PASSWORD, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return {
    id: row!.id,
    accountId: row!.accountId,
    email,
    password: TEST_PASSWORD,
    cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join("; "),
    token: "",
  };
}

/** An affiliate and a customer from their partner page, subscribed on Stripe in the trial. */
async function attributedSubscriber() {
  const affiliate = await signUp("/api/auth/create-affiliate-account", {});
  const [record] = await t.ctx.db.select().from(affiliates).where(eq(affiliates.userId, affiliate.id));
  const customer = await signUp("/api/auth/sign-up", { utmMedium: "affiliate", utmCampaign: record!.trackingLabel });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/billing/subscription",
    headers: { cookie: customer.cookie },
    payload: { cycle: "monthly", paymentMethodId: `pm_card_visa_${++seq}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const sub = [...fake.state.subscriptions.values()].at(-1)!;
  return { affiliate, customer, sub };
}

const ledgerOf = async (accountId: string) =>
  t.ctx.db
    .select({
      invoiceRef: affiliateCommissions.invoiceRef,
      invoiceAmount: affiliateCommissions.invoiceAmount,
      status: rewardPayouts.status,
      amount: rewardPayouts.amount,
    })
    .from(rewardPayouts)
    .innerJoin(affiliateCommissions, eq(affiliateCommissions.id, rewardPayouts.affiliateCommissionId))
    .where(eq(affiliateCommissions.customerAccountId, accountId))
    .orderBy(affiliateCommissions.invoicePaidAt);

describe("affiliate commissions from Stripe webhooks (IMPL-19)", () => {
  it("earns on what was paid after discounts, once per invoice however often or late it is delivered", async () => {
    const { customer, sub } = await attributedSubscriber();
    // The trial's $0 invoice earns nothing.
    await invoicePaid(sub, "in_trial");
    expect(await ledgerOf(customer.accountId)).toEqual([]);

    sub.status = "active";
    const first = paidInvoice(sub, 2000, 1600);
    expect((await invoicePaid(sub, first, "evt_aff_first")).json()).toEqual({ received: true, duplicate: false });
    expect((await invoicePaid(sub, first, "evt_aff_first")).json()).toEqual({ received: true, duplicate: true });
    await invoicePaid(sub, first); // the same invoice under another event id
    expect(await ledgerOf(customer.accountId)).toEqual([
      { invoiceRef: first, invoiceAmount: 1600, status: "pending", amount: 400 },
    ]);

    // Out of order: the third month's event arrives before the second's; each invoice is recorded once.
    t.clock.advance(30 * DAY);
    const second = paidInvoice(sub, 2000, 2000);
    t.clock.advance(30 * DAY);
    const third = paidInvoice(sub, 2000, 2000);
    await invoicePaid(sub, third);
    await invoicePaid(sub, second);
    expect((await ledgerOf(customer.accountId)).map((e) => [e.invoiceRef, e.amount])).toEqual([
      [first, 400],
      [second, 500],
      [third, 500],
    ]);
    await runAffiliateCommissions(t.ctx);
    expect((await ledgerOf(customer.accountId)).map((e) => e.status)).toEqual(["payable", "pending", "pending"]);
  });

  it("a refund reverses that invoice's commission only, even when it arrives before the paid event", async () => {
    const { customer, sub } = await attributedSubscriber();
    sub.status = "active";
    const first = paidInvoice(sub, 2000, 2000);
    await invoicePaid(sub, first);
    t.clock.advance(30 * DAY);
    const second = paidInvoice(sub, 2000, 2000);
    // The refund of the second invoice is delivered before its paid event.
    await refunded(sub, second);
    await invoicePaid(sub, second);
    expect((await ledgerOf(customer.accountId)).map((e) => [e.invoiceRef, e.status])).toEqual([
      [first, "pending"],
      [second, "reversed"],
    ]);
    // Replaying the refund or the paid event changes nothing; the reversed entry never becomes payable.
    await refunded(sub, second);
    await invoicePaid(sub, second);
    t.clock.advance(40 * DAY);
    await runAffiliateCommissions(t.ctx);
    expect((await ledgerOf(customer.accountId)).map((e) => e.status)).toEqual(["payable", "reversed"]);
  });
});
