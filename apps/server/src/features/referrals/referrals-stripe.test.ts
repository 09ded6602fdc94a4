import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referralRewards } from "../../db/schema/referrals.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { DAY, fakeStripePayments, STRIPE_WEBHOOK_SECRET } from "../../test/billing-helpers.ts";
import { buildUser, type TestUser } from "../../test/factories.ts";
import { startFakeStripe } from "../../test/fakes/stripe-fake.ts";
import { runReferralRewards } from "./referral-rewards.service.ts";

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
const invoicePaid = (sub: { id: string; customer: string }, id = `evt_ref_paid_${++seq}`) =>
  webhook(id, "invoice.paid", {
    object: "invoice",
    id: `in_ref_${seq}`,
    customer: sub.customer,
    parent: { subscription_details: { subscription: sub.id } },
  });

/** A friend referred by `referrer`, subscribed on Stripe in their trial (a trialing subscription). */
async function referredSubscriber(referrer: TestUser) {
  const friend = await buildUser(t.ctx);
  await t.ctx.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, friend.id));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/billing/subscription",
    headers: { cookie: friend.cookie },
    payload: { cycle: "monthly", paymentMethodId: `pm_card_visa_${++seq}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const sub = [...fake.state.subscriptions.values()].at(-1)!;
  return { friend, sub };
}

const rewardOf = async (accountId: string) =>
  (await t.ctx.db.select().from(referralRewards).where(eq(referralRewards.referredAccountId, accountId)))[0];

describe("referral rewards from Stripe webhooks (IMPL-14)", () => {
  it("the trial's $0 invoice makes no reward; the first paid one does, once however often it is delivered", async () => {
    const referrer = await buildUser(t.ctx);
    const { friend, sub } = await referredSubscriber(referrer);
    expect(sub.status).toBe("trialing");
    await invoicePaid(sub);
    expect(await rewardOf(friend.accountId)).toBeUndefined();

    sub.status = "active";
    const first = await invoicePaid(sub, "evt_ref_first_paid");
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await invoicePaid(sub, "evt_ref_first_paid")).json()).toEqual({ received: true, duplicate: true });
    const made = await rewardOf(friend.accountId);
    expect(made).toMatchObject({ status: "pending", amount: 2000, currency: "usd" });
    // The next month's invoice is another event: still the same one reward, its 35 days from the first.
    t.clock.advance(30 * DAY);
    await invoicePaid(sub);
    expect(await rewardOf(friend.accountId)).toEqual(made);
    t.clock.advance(6 * DAY);
    await runReferralRewards(t.ctx);
    expect(await rewardOf(friend.accountId)).toMatchObject({ status: "confirmed" });
  });

  it("a refund cancels the pending reward, and a later replay of the paid invoice does not bring it back", async () => {
    const referrer = await buildUser(t.ctx);
    const { friend, sub } = await referredSubscriber(referrer);
    sub.status = "active";
    await invoicePaid(sub, "evt_ref_refund_paid");
    expect(await rewardOf(friend.accountId)).toMatchObject({ status: "pending" });
    await webhook("evt_ref_refunded", "charge.refunded", { object: "charge", id: "ch_ref_1", customer: sub.customer });
    expect(await rewardOf(friend.accountId)).toMatchObject({ status: "cancelled", cancelReason: "refund" });
    await invoicePaid(sub);
    expect(await rewardOf(friend.accountId)).toMatchObject({ status: "cancelled" });
  });

  it("out of order: a paid invoice delivered after the subscription was deleted makes no reward", async () => {
    const referrer = await buildUser(t.ctx);
    const { friend, sub } = await referredSubscriber(referrer);
    sub.status = "canceled";
    await webhook("evt_ref_deleted", "customer.subscription.deleted", {
      object: "subscription",
      id: sub.id,
      customer: sub.customer,
    });
    await invoicePaid(sub, "evt_ref_late_paid");
    expect(await rewardOf(friend.accountId)).toBeUndefined();
  });
});

describe("self-referral by card (decision 018)", () => {
  it("a friend paying with the referrer's own card earns nothing; another card does", async () => {
    const referrer = await buildUser(t.ctx);
    const own = await t.app.inject({
      method: "POST",
      url: "/api/billing/subscription",
      headers: { cookie: referrer.cookie },
      payload: { cycle: "monthly", paymentMethodId: `pm_card_mastercard_${++seq}` },
    });
    expect(own.statusCode, own.body).toBe(201);

    const sameCard = await buildUser(t.ctx);
    await t.ctx.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, sameCard.id));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/billing/subscription",
      headers: { cookie: sameCard.cookie },
      payload: { cycle: "monthly", paymentMethodId: `pm_card_mastercard_${++seq}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = [...fake.state.subscriptions.values()].at(-1)!;
    sub.status = "active";
    await invoicePaid(sub);
    expect(await rewardOf(sameCard.accountId)).toBeUndefined();

    const { friend, sub: other } = await referredSubscriber(referrer);
    other.status = "active";
    await invoicePaid(other);
    expect(await rewardOf(friend.accountId)).toMatchObject({ status: "pending" });
  });
});
