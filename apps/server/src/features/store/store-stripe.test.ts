import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeOrders } from "../../db/schema/store.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { fakeStripePayments, freshSession, getJson, STRIPE_WEBHOOK_SECRET } from "../../test/billing-helpers.ts";
import { buildUser, type TestUser } from "../../test/factories.ts";
import { startFakeStripe } from "../../test/fakes/stripe-fake.ts";
import { createOfferFor, orderFromLink, stayWithToken } from "../../test/store-helpers.ts";
import { authoriseDeferredOrder, expireOrder } from "./store-jobs.service.ts";

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let host: TestUser;
let accountRef = "";
const signer = new Stripe("sk_test_fake");
const HOUR = 3_600_000;

beforeAll(async () => {
  const clock = { now: () => (t ? t.clock.now : new Date()) };
  fake = await startFakeStripe(() => clock.now());
  t = await createTestApp({ config: { payments: { ...fakeStripePayments(fake.url), storeFeePercent: 10 } } });
  host = await buildUser(t.ctx, { firstName: "Maria" });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let pmSeq = 0;
const pm = (kind: "pm_card_visa" | "pm_card_chargeDeclined" | "pm_card_chargeDeclinedLater") => ({
  paymentMethodId: `${kind}_${++pmSeq}`,
});
let evtSeq = 0;
function webhook(
  type: string,
  object: Record<string, unknown>,
  id = `evt_store_${++evtSeq}`,
  secret = STRIPE_WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: "POST",
    url: "/api/store/webhook/stripe",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
}
const orderRow = async (id: string) => (await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.id, id)))[0]!;

describe("the store on Stripe", () => {
  it("without a connected account: the host is asked to connect, the guest sees no offers and cannot order", async () => {
    const offer = await createOfferFor(t.app, host);
    const store = await getJson(t.app, host, "/api/store");
    expect(store.payout).toEqual({ gateway: "stripe", connected: false, ready: false });
    const { token } = await stayWithToken(t.app, t.ctx, host);
    const guest = (await t.app.inject({ url: `/api/stay-store/${token}` })).json();
    expect(guest.offers).toEqual([]);
    expect(guest.stripePublishableKey).toBe("pk_test_fake");
    const res = await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00", card: pm("pm_card_visa") });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("Connect Stripe to take orders");
  });

  it("Get paid: one Express account, its onboarding link, ready once Stripe says it takes charges (webhook, replay-safe)", async () => {
    const first = await t.as(host, "POST", "/api/store/connect", {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
    const again = await t.as(host, "POST", "/api/store/connect", {});
    expect(again.json().url).toBe(first.json().url);
    expect(fake.store.accounts.size).toBe(1);
    accountRef = [...fake.store.accounts.keys()][0]!;
    expect((await getJson(t.app, host, "/api/store")).payout).toEqual({
      gateway: "stripe",
      connected: true,
      ready: false,
    });

    expect(
      (await webhook("account.updated", { object: "account", id: accountRef }, "evt_x", "whsec_wrong")).statusCode,
    ).toBe(400);
    fake.completeOnboarding(accountRef);
    const event = { object: "account", id: accountRef, charges_enabled: true };
    const res = await webhook("account.updated", event, "evt_acct_1");
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect((await webhook("account.updated", event, "evt_acct_1")).json()).toEqual({ received: true, duplicate: true });
    expect((await getJson(t.app, host, "/api/store")).payout.ready).toBe(true);
  });

  it("the guest's store page loads Stripe Elements (its CSP allows Stripe on this page only)", async () => {
    await createOfferFor(t.app, host);
    const { token } = await stayWithToken(t.app, t.ctx, host);
    const page = await t.app.inject({ url: `/s/${token}/extras` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self' https://js.stripe.com");
    expect(page.headers["content-security-policy"]).toContain("frame-src https://js.stripe.com");
    expect(page.body).toContain('data-stripe-key="pk_test_fake"');
    expect(page.body).toContain("data-card-element");
    expect(page.body).not.toContain('name="number"');
    const guide = await t.app.inject({ url: `/s/${token}` });
    expect(guide.headers["content-security-policy"]).not.toContain("stripe");
  });

  it("a request is a manual-capture destination charge with the fee; approval captures it; a refund reverses the transfer", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token } = await stayWithToken(t.app, t.ctx, host);
    const res = await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00", card: pm("pm_card_visa") });
    expect(res.statusCode, res.body).toBe(201);
    const row = await orderRow(res.json().order.id);
    const pi = fake.store.paymentIntents.get(row.paymentRef!)!;
    expect(pi).toMatchObject({
      amount: 3000,
      currency: "usd",
      status: "requires_capture",
      capture_method: "manual",
      destination: accountRef,
      application_fee_amount: 300,
    });
    const create = fake.requests.find((r) => r.path === "/v1/payment_intents" && r.params.get("amount") === "3000");
    expect(create?.idempotencyKey).toMatch(/^store-/);
    const approved = await t.as(host, "POST", `/api/orders/${row.id}/approve`, {});
    expect(approved.json().order.status).toBe("confirmed");
    expect(pi.status).toBe("succeeded");
    const refund = await t.as(host, "POST", `/api/orders/${row.id}/refund`, { amount: 1000 });
    expect(refund.json().order).toMatchObject({ status: "partially-refunded", refundedAmount: 1000 });
    expect(fake.store.refunds.at(-1)).toMatchObject({
      payment_intent: pi.id,
      amount: 1000,
      refund_application_fee: true,
      reverse_transfer: true,
    });
  });

  it("a decline releases the authorisation, and so does the deadline", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token } = await stayWithToken(t.app, t.ctx, host);
    const a = (
      await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00", card: pm("pm_card_visa") })
    ).json().order;
    await t.as(host, "POST", `/api/orders/${a.id}/decline`, {});
    expect(fake.store.paymentIntents.get((await orderRow(a.id)).paymentRef!)!.status).toBe("canceled");
    const b = (
      await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "14:00", card: pm("pm_card_visa") })
    ).json().order;
    t.clock.advance(25 * HOUR);
    expect(await expireOrder(t.ctx, b.id)).toBe(true);
    expect(fake.store.paymentIntents.get((await orderRow(b.id)).paymentRef!)!.status).toBe("canceled");
    t.clock.advance(-25 * HOUR);
  });

  it("a declined card makes no order", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host);
    const res = await orderFromLink(t.app, token, {
      offerId: offer.id,
      slotTime: "13:00",
      card: pm("pm_card_chargeDeclined"),
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe("CARD_DECLINED");
    expect(await t.ctx.db.select().from(storeOrders).where(eq(storeOrders.stayId, stay.id))).toEqual([]);
    // Raw card numbers are the local gateway's; Stripe takes Elements' payment methods only.
    const raw = await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00" });
    expect(raw.statusCode).toBe(503);
  });

  it("a stay more than 6 days ahead saves the card (SetupIntent) and authorises it off session 6 days before", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token, stay } = await stayWithToken(t.app, t.ctx, host, { inDays: 20 });
    const placed = await orderFromLink(t.app, token, {
      offerId: offer.id,
      slotTime: "13:00",
      card: pm("pm_card_visa"),
    });
    const row = await orderRow(placed.json().order.id);
    expect(row).toMatchObject({ payment: "saved", paymentRef: null });
    expect(row.customerRef).toMatch(/^cus_/);
    expect(fake.requests.some((r) => r.path === "/v1/setup_intents" && r.params.get("usage") === "off_session")).toBe(
      true,
    );
    // Time to answer runs from the authorisation.
    expect(row.deadlineAt!.getTime()).toBe(stay.checkInAt.getTime() - 6 * 24 * HOUR + 24 * HOUR);
    const ahead = row.authoriseAt!.getTime() - t.clock.now.getTime() + 1000;
    t.clock.advance(ahead);
    expect(await authoriseDeferredOrder(t.ctx, row.id)).toBe(true);
    const authorised = await orderRow(row.id);
    const pi = fake.store.paymentIntents.get(authorised.paymentRef!)!;
    expect(pi).toMatchObject({ customer: row.customerRef, status: "requires_capture", destination: accountRef });
    const offSession = fake.requests.find(
      (r) => r.path === "/v1/payment_intents" && r.params.get("customer") === row.customerRef,
    );
    expect(offSession?.params.get("off_session")).toBe("true");
    // The host's session idled out while the clock moved: a fresh one.
    const later = await freshSession(t.ctx, host);
    expect((await t.as(later, "POST", `/api/orders/${row.id}/approve`, {})).statusCode).toBe(200);
    expect(pi.status).toBe("succeeded");
    t.clock.advance(-ahead);
  });

  it("a saved card refused at the deferred authorisation fails the order", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token } = await stayWithToken(t.app, t.ctx, host, { inDays: 20 });
    const placed = await orderFromLink(t.app, token, {
      offerId: offer.id,
      slotTime: "13:00",
      card: pm("pm_card_chargeDeclinedLater"),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const row = await orderRow(placed.json().order.id);
    const ahead = row.authoriseAt!.getTime() - t.clock.now.getTime() + 1000;
    t.clock.advance(ahead);
    expect(await authoriseDeferredOrder(t.ctx, row.id)).toBe(false);
    expect(await orderRow(row.id)).toMatchObject({ status: "failed" });
    t.clock.advance(-ahead);
  });

  it("an authorisation Stripe cancels (payment_intent.canceled) expires the pending order once", async () => {
    const offer = await createOfferFor(t.app, host);
    const { token } = await stayWithToken(t.app, t.ctx, host);
    const order = (
      await orderFromLink(t.app, token, { offerId: offer.id, slotTime: "13:00", card: pm("pm_card_visa") })
    ).json().order;
    const ref = (await orderRow(order.id)).paymentRef!;
    const object = { object: "payment_intent", id: ref, status: "canceled" };
    expect((await webhook("payment_intent.canceled", object, "evt_pi_1")).statusCode).toBe(200);
    expect((await webhook("payment_intent.canceled", object, "evt_pi_1")).json().duplicate).toBe(true);
    expect((await orderRow(order.id)).status).toBe("expired");
  });
});
