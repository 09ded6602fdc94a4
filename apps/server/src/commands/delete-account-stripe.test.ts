import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../cli/admin.commands.ts";
import { billingAccounts } from "../db/schema/billing.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { DAY, fakeStripePayments } from "../test/billing-helpers.ts";
import { buildProperty, buildUser, TEST_PASSWORD, type TestUser } from "../test/factories.ts";
import { startFakeStripe } from "../test/fakes/stripe-fake.ts";

// Decision 060 on Stripe: deleting the account sets `cancel_at_period_end`, restoring clears it.
let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  const clock = { now: () => (t ? t.clock.now : new Date()) };
  fake = await startFakeStripe(() => clock.now());
  t = await createTestApp({ config: { payments: fakeStripePayments(fake.url) } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let pmSeq = 0;
const admin = (...argv: string[]) => runAdminCommand(t.ctx.db, argv, "test-operator", t.ctx.payments, t.clock.now);
const refOf = async (user: TestUser) =>
  (await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, user.accountId)))[0]!
    .subscriptionRef!;
const requestsFor = (ref: string) => fake.requests.filter((r) => r.path === `/v1/subscriptions/${ref}`);

async function payingOwner() {
  const owner = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
  const { propertyId } = await buildProperty(t.app, owner);
  const res = await t.as(owner, "POST", "/api/billing/subscription", {
    cycle: "monthly",
    paymentMethodId: `pm_card_visa_${++pmSeq}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, propertyId, ref: await refOf(owner) };
}

describe("a deleted account's Stripe subscription (decision 060)", () => {
  it("is set to cancel at its period's end, not cancelled; restore-account sets cancel_at_period_end back to false", async () => {
    const { owner, propertyId, ref } = await payingOwner();
    const del = await t.as(owner, "POST", "/api/account/delete", { password: TEST_PASSWORD, confirm: "DELETE" });
    expect(del.statusCode).toBe(204);
    const sub = fake.state.subscriptions.get(ref)!;
    expect(sub).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect(requestsFor(ref).some((r) => r.method === "DELETE")).toBe(false);
    expect(requestsFor(ref).at(-1)!.params.get("cancel_at_period_end")).toBe("true");

    const renews = new Date(sub.current_period_end * 1000).toISOString().slice(0, 10);
    expect(await admin("restore-account", owner.email)).toEqual([
      `Restored the account of ${owner.email}; its members can sign in again.`,
      `Its subscription is no longer set to end: it renews on ${renews}.`,
    ]);
    expect(sub.cancel_at_period_end).toBe(false);
    expect(requestsFor(ref).at(-1)!.params.get("cancel_at_period_end")).toBe("false");
    expect((await t.app.inject({ url: `/g/${propertyId}` })).statusCode).toBe(200);
  });

  it("that Stripe ended at its period's end stays ended: restore says the owner subscribes again, guides offline", async () => {
    const { owner, propertyId, ref } = await payingOwner();
    await t.as(owner, "POST", "/api/account/delete", { password: TEST_PASSWORD, confirm: "DELETE" });
    // What Stripe does at the period's end to a subscription set to cancel then.
    fake.state.subscriptions.get(ref)!.status = "canceled";
    const updatesBefore = requestsFor(ref).filter((r) => r.method === "POST").length;
    expect(await admin("restore-account", owner.email)).toEqual([
      `Restored the account of ${owner.email}; its members can sign in again.`,
      "Its subscription had ended and cannot be resumed: the owner subscribes again on the Subscription page. " +
        "Until then its guides are offline.",
    ]);
    // Nothing is asked of the ended subscription; the account's billing state follows Stripe's.
    expect(requestsFor(ref).filter((r) => r.method === "POST")).toHaveLength(updatesBefore);
    const [billing] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.accountId, owner.accountId));
    expect(billing).toMatchObject({ status: "canceled" });
    expect((await t.app.inject({ url: `/g/${propertyId}` })).statusCode).not.toBe(200);
  });
});
