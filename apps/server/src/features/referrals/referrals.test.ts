import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { referralStatus } from "@doorstep/shared/rules/referrals";
import type { CustomerReferralDto } from "@doorstep/shared/schemas/referrals";
import { billingAccounts } from "../../db/schema/billing.ts";
import { referralClicks, referralRewards, rewardPayouts } from "../../db/schema/referrals.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { CARDS, DAY, emailsTo, freshSession, getJson, subscribe } from "../../test/billing-helpers.ts";
import { buildProperty, buildUser, setAccountState, TEST_PASSWORD, type TestUser } from "../../test/factories.ts";
import { handleGatewayEvent, runLocalRenewals } from "../../commands/billing-events.ts";
import { runReferralRewards } from "./referral-rewards.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const codeOf = async (user: TestUser) =>
  (await t.ctx.db.select({ code: users.referrerCode }).from(users).where(eq(users.id, user.id)))[0]!.code;
const data = (user: TestUser) => getJson(t.app, user, "/api/referrals");
const statusText = (row: CustomerReferralDto) => copy.referrals.status[referralStatus(row, t.clock.now)];
const click = (ref: string | undefined, ip = "203.0.113.7", ua: string | null = BROWSER) =>
  t.app.inject({
    url: ref === undefined ? "/r" : `/r?ref=${encodeURIComponent(ref)}`,
    remoteAddress: ip,
    // light-my-request names itself when no user agent is given; "" is a request without one.
    headers: { "user-agent": ua ?? "" },
  });

/** A friend signs up through the API with the referrer's code, as /create-account?ref= sends it (AUTH-31). */
async function signUpReferred(code: string, firstName = "Frieda"): Promise<TestUser> {
  const email = `friend-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up",
    payload: { firstName, email, password: TEST_PASSWORD, referralId: code },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { id: row!.id, accountId: row!.accountId, email, password: TEST_PASSWORD, cookie, token: "" };
}

/** Moves the clock day by day in 5-day steps, running renewals and the referral job as the scheduler would. */
async function passDays(days: number) {
  for (let left = days; left > 0; left -= 5) {
    t.clock.advance(Math.min(5, left) * DAY);
    await runLocalRenewals(t.ctx);
    await runReferralRewards(t.ctx);
  }
}

const payoutsOf = async (referredAccountId: string) =>
  t.ctx.db
    .select({ status: rewardPayouts.status, amount: rewardPayouts.amount, sequence: rewardPayouts.sequence })
    .from(rewardPayouts)
    .innerJoin(referralRewards, eq(referralRewards.id, rewardPayouts.referralRewardId))
    .where(eq(referralRewards.referredAccountId, referredAccountId))
    .orderBy(rewardPayouts.sequence);

describe("/r (REF-11…13, IMPL-18)", () => {
  it("counts a click once per visitor per day, stores no IP, ignores bots and unknown codes, and always redirects", async () => {
    const referrer = await buildUser(t.ctx);
    const code = await codeOf(referrer);
    const first = await click(code);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(
      `https://www.doorstep.guide/?ref=${code}&utm_medium=referral&utm_campaign=${code}`,
    );
    await click(code);
    expect((await data(referrer)).totalLinkClicks).toBe(1);
    await click(code, "203.0.113.8");
    await click(code, "203.0.113.7", `${BROWSER} Edg/131`);
    expect((await data(referrer)).totalLinkClicks).toBe(3);

    // Bots, link previews and no user agent at all count nothing, but are redirected the same.
    for (const ua of ["Googlebot/2.1 (+http://www.google.com/bot.html)", "WhatsApp/2.23", null]) {
      const res = await click(code, "198.51.100.1", ua);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toContain(`ref=${code}`);
    }
    // An unknown code still redirects with its parameters; no code goes to the marketing site as it is.
    expect((await click("nosuchcode")).headers.location).toBe(
      "https://www.doorstep.guide/?ref=nosuchcode&utm_medium=referral&utm_campaign=nosuchcode",
    );
    expect((await click(undefined)).headers.location).toBe("https://www.doorstep.guide/");
    expect((await data(referrer)).totalLinkClicks).toBe(3);

    // Tomorrow the same visitor counts again; nothing stored names the address.
    t.clock.advance(DAY);
    const fresh = await freshSession(t.ctx, referrer);
    await click(code);
    expect((await data(fresh)).totalLinkClicks).toBe(4);
    const rows = await t.ctx.db.select().from(referralClicks).where(eq(referralClicks.referrerUserId, referrer.id));
    expect(JSON.stringify(rows)).not.toMatch(/203\.0\.113|198\.51\.100/);
  });

  it("redirects even when the click cannot be recorded (REF-12), and rate-limits per address", async () => {
    const referrer = await buildUser(t.ctx);
    const code = await codeOf(referrer);
    const limiter = t.ctx.rateLimiter;
    t.ctx.rateLimiter = {
      consume: async () => {
        throw new Error("Redis and memory both gone");
      },
    };
    try {
      expect((await click(code)).headers.location).toContain(`utm_campaign=${code}`);
    } finally {
      t.ctx.rateLimiter = limiter;
    }
    for (let i = 0; i < 35; i++) {
      const res = await click(code, "192.0.2.99", `${BROWSER} ${i}`);
      expect(res.statusCode).toBe(302);
    }
    expect((await data(referrer)).totalLinkClicks).toBe(30);
  });
});

describe("/referrals data and the reward lifecycle on the local gateway (REF-04…10, REF-14…18, IMPL-17)", () => {
  it("follows a monthly friend from sign-up through 35 paid days, claims, instalments and expiry", async () => {
    let referrer = await buildUser(t.ctx, { firstName: "Rita" });
    const code = await codeOf(referrer);
    const friend = await signUpReferred(code, "Frieda");
    const empty = await data(referrer);
    expect(empty).toMatchObject({
      referralLink: `http://localhost:3000/r?ref=${code}`,
      totalReferrals: 1,
      totalRewards: 0,
      currency: "usd",
      currentRewardValues: { usd: 2000, gbp: 2000, eur: 2000, aud: 2000 },
      nextCursor: null,
    });
    expect(empty.customerReferrals).toEqual([
      {
        rewardId: null,
        propertyTitle: null,
        rewardAmount: null,
        rewardCurrency: null,
        rewardCredited: false,
        rewardClaimable: false,
        activeSubscriber: false,
        trialEndDate: expect.any(String),
      },
    ]);
    expect(statusText(empty.customerReferrals[0])).toBe("In trial period, not subscribed yet");

    // OPEN-63: the friend's first property; nothing of the person (REF-05).
    await buildProperty(t.app, friend, { title: "Harbour Loft" });
    t.clock.advance(1000);
    await buildProperty(t.app, friend, { title: "Second Place" });
    const withTitle = await data(referrer);
    expect(withTitle.customerReferrals[0].propertyTitle).toBe("Harbour Loft");
    expect(JSON.stringify(withTitle)).not.toMatch(
      new RegExp(`Frieda|${friend.email}|${friend.id}|${friend.accountId}`),
    );

    // Subscribed in the trial: no invoice paid yet, so no reward.
    expect((await subscribe(t.app, friend, CARDS.ok)).statusCode).toBe(201);
    const trialing = (await data(referrer)).customerReferrals[0];
    expect(statusText(trialing)).toBe("Subscribed. First month not completed yet");
    expect(trialing.rewardAmount).toBeNull();

    // The trial ends (14 days): the first invoice is paid by the renewal job → a pending reward.
    await passDays(15);
    referrer = await freshSession(t.ctx, referrer);
    const [reward] = await t.ctx.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referredAccountId, friend.accountId));
    expect(reward).toMatchObject({ status: "pending", amount: 2000, currency: "usd", cycle: "monthly" });
    const pending = (await data(referrer)).customerReferrals[0];
    expect(pending).toMatchObject({ rewardId: reward!.id, rewardAmount: 2000, rewardCurrency: "usd" });
    expect(statusText(pending)).toBe("Subscribed. First month not completed yet");

    // Replayed and repeated paid events make no second reward and move nothing.
    const [billing] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.accountId, friend.accountId));
    const replay = {
      id: "evt_replay",
      type: "invoice.paid",
      customerRef: billing!.customerRef,
      subscriptionRef: billing!.subscriptionRef,
    };
    await handleGatewayEvent(t.ctx, replay);
    await handleGatewayEvent(t.ctx, replay);
    const again = await t.ctx.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referredAccountId, friend.accountId));
    expect(again).toEqual([reward]);

    // Day 34 of paid subscription: still pending. Day 35: confirmed, first of 4 monthly instalments claimable.
    await passDays(30);
    expect(await payoutsOf(friend.accountId)).toEqual([]);
    await passDays(5);
    referrer = await freshSession(t.ctx, referrer);
    expect(await payoutsOf(friend.accountId)).toEqual([
      { status: "claimable", amount: 500, sequence: 0 },
      { status: "scheduled", amount: 500, sequence: 1 },
      { status: "scheduled", amount: 500, sequence: 2 },
      { status: "scheduled", amount: 500, sequence: 3 },
    ]);
    const claimable = await data(referrer);
    expect(claimable.totalRewards).toBe(1);
    expect(statusText(claimable.customerReferrals[0])).toBe("Confirmed, you can now claim your reward");
    const notices = (await emailsTo(t.ctx, referrer.email)).filter((e) => e.template === "referral-reward-claimable");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("$5.00");
    expect(await runReferralRewards(t.ctx)).toBe(0);

    // Claimed: a voucher by email, once; the row reads as paid.
    const claim = () =>
      t.app.inject({
        method: "POST",
        url: `/api/referrals/rewards/${reward!.id}/claim`,
        headers: { cookie: referrer.cookie },
      });
    const claimed = await claim();
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({ amount: 500, currency: "usd" });
    const second = await claim();
    expect(second.statusCode).toBe(409);
    const vouchers = (await emailsTo(t.ctx, referrer.email)).filter((e) => e.template === "referral-voucher");
    expect(vouchers).toHaveLength(1);
    expect(vouchers[0]!.text).toMatch(/DS-[A-Z2-9]{12} — \$5\.00/);
    expect(statusText((await data(referrer)).customerReferrals[0])).toBe("Confirmed, reward payment completed");

    // 30 days on, the second instalment is claimable; left unclaimed for 90 days it expires (REF-17).
    await passDays(30);
    referrer = await freshSession(t.ctx, referrer);
    expect((await payoutsOf(friend.accountId)).map((p) => p.status)).toEqual([
      "paid",
      "claimable",
      "scheduled",
      "scheduled",
    ]);
    expect(statusText((await data(referrer)).customerReferrals[0])).toBe("Confirmed, you can now claim your reward");
    // The friend leaves: instalments not yet due are cancelled when they fall due.
    await t.ctx.payments.cancelSubscription(billing!.subscriptionRef!);
    await handleGatewayEvent(t.ctx, { ...replay, id: "evt_deleted", type: "customer.subscription.deleted" });
    await passDays(90);
    expect((await payoutsOf(friend.accountId)).map((p) => p.status)).toEqual([
      "paid",
      "expired",
      "cancelled",
      "cancelled",
    ]);
    referrer = await freshSession(t.ctx, referrer);
    const after = (await data(referrer)).customerReferrals[0];
    expect(after).toMatchObject({ rewardAmount: 2000, activeSubscriber: false });
    expect(statusText(after)).toBe("Confirmed, reward payment completed");
    expect((await data(referrer)).totalRewards).toBe(1);
  });

  it("an annual friend's reward comes in one payment, in the referrer's currency and configured value", async () => {
    const local = await createTestApp({
      config: { referrals: { rewardValues: { usd: 2000, gbp: 1500, eur: 1800, aud: 3000 }, monthlyInstalments: 2 } },
    });
    try {
      const referrer = await buildUser(local.ctx);
      await setAccountState(local.ctx, referrer.accountId, { defaultCurrency: "gbp" });
      const friend = await buildUser(local.ctx, { trialEndsAt: new Date(local.clock.now.getTime() - DAY) });
      await local.ctx.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, friend.id));
      expect((await subscribe(local.app, friend, CARDS.ok, { cycle: "annual" })).statusCode).toBe(201);
      const page = await getJson(local.app, referrer, "/api/referrals");
      expect(page.currency).toBe("gbp");
      expect(page.currentRewardValues.gbp).toBe(1500);
      expect(page.customerReferrals[0]).toMatchObject({ rewardAmount: 1500, rewardCurrency: "gbp" });
      local.clock.advance(35 * DAY);
      expect(await runReferralRewards(local.ctx)).toBe(1);
      const payouts = await local.ctx.db
        .select()
        .from(rewardPayouts)
        .where(eq(rewardPayouts.beneficiaryAccountId, referrer.accountId));
      expect(payouts.map((p) => [p.status, p.amount, p.currency])).toEqual([["claimable", 1500, "gbp"]]);
    } finally {
      await local.close();
    }
  });

  it("a subscription ended before 35 days cancels the pending reward; a self-referral earns nothing", async () => {
    const referrer = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    await t.ctx.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, friend.id));
    // Subscribed after the trial: the first invoice is paid at once, and the reward made with it.
    expect((await subscribe(t.app, friend, CARDS.ok)).statusCode).toBe(201);
    const rewardOf = async (accountId: string) =>
      (await t.ctx.db.select().from(referralRewards).where(eq(referralRewards.referredAccountId, accountId)))[0];
    expect(await rewardOf(friend.accountId)).toMatchObject({ status: "pending" });
    const [billing] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.accountId, friend.accountId));
    t.clock.advance(20 * DAY);
    await t.ctx.payments.cancelSubscription(billing!.subscriptionRef!);
    await handleGatewayEvent(t.ctx, {
      id: "evt_gone",
      type: "customer.subscription.deleted",
      customerRef: billing!.customerRef,
      subscriptionRef: billing!.subscriptionRef,
    });
    expect(await rewardOf(friend.accountId)).toMatchObject({ status: "cancelled", cancelReason: "subscription-ended" });
    t.clock.advance(20 * DAY);
    await runReferralRewards(t.ctx);
    expect(await rewardOf(friend.accountId)).toMatchObject({ status: "cancelled" });
    const page = await data(await freshSession(t.ctx, referrer));
    expect(page.customerReferrals[0]).toMatchObject({ rewardId: null, rewardAmount: null, activeSubscriber: false });
    expect(statusText(page.customerReferrals[0])).toBe("Trial ended, not subscribed yet");

    // The same account referring itself (its own code on its own master user).
    const self = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    await t.ctx.db.update(users).set({ referredByUserId: self.id }).where(eq(users.id, self.id));
    expect((await subscribe(t.app, self, CARDS.ok)).statusCode).toBe(201);
    expect(await rewardOf(self.accountId)).toBeUndefined();
  });

  it("is for master accounts; another account's reward is not found; the list pages by cursor", async () => {
    const manager = await buildUser(t.ctx, { isMaster: false });
    expect((await t.app.inject({ url: "/api/referrals", headers: { cookie: manager.cookie } })).statusCode).toBe(403);
    const referrer = await buildUser(t.ctx);
    const code = await codeOf(referrer);
    for (let i = 0; i < 52; i++) {
      // A distinct trial end tells the rows apart (they carry no id of the friend).
      const friend = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() + (i + 1) * 60_000) });
      await t.ctx.db
        .update(users)
        // Two share each instant, as sign-ups in the same millisecond would: the cursor must not repeat or skip one.
        .set({ referredByUserId: referrer.id, createdAt: sql`now() - ${`${Math.floor(i / 2)} minutes`}::interval` })
        .where(eq(users.id, friend.id));
    }
    const first = await data(referrer);
    expect(first.totalReferrals).toBe(52);
    expect(first.customerReferrals).toHaveLength(50);
    const next = await getJson(t.app, referrer, `/api/referrals?cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(next.customerReferrals).toHaveLength(2);
    const seen = [...first.customerReferrals, ...next.customerReferrals].map(
      (r: CustomerReferralDto) => r.trialEndDate,
    );
    expect(new Set(seen).size).toBe(52);
    expect(next.nextCursor).toBeNull();
    expect(code).toBeTruthy();
  });
});

describe("npm run admin -- referral-rewards", () => {
  it("lists claimable and paid instalments with their referrer, amount and voucher", async () => {
    const { runAdminCommand } = await import("../../cli/admin.commands.ts");
    const run = (...argv: string[]) => runAdminCommand(t.ctx.db, argv, "ops@doorstep", t.ctx.payments, t.clock.now);
    const referrer = await buildUser(t.ctx, { email: `cli-referrer-${Date.now()}@example.com` });
    const friend = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
    await t.ctx.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, friend.id));
    expect((await subscribe(t.app, friend, CARDS.ok, { cycle: "annual" })).statusCode).toBe(201);
    t.clock.advance(35 * DAY);
    await runReferralRewards(t.ctx);
    const claimable = await run("referral-rewards", "--limit=10000");
    expect(claimable.find((l) => l.includes(referrer.email))).toMatch(
      new RegExp(`${referrer.email}  \\$20\\.00  instalment 1  expires `),
    );
    const [reward] = await t.ctx.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referredAccountId, friend.accountId));
    const session = await freshSession(t.ctx, referrer);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/referrals/rewards/${reward!.id}/claim`,
      headers: { cookie: session.cookie },
    });
    expect(res.statusCode).toBe(200);
    const paid = await run("referral-rewards", "--status=paid", "--limit=10000");
    expect(paid.find((l) => l.includes(referrer.email))).toMatch(/\$20\.00 {2}instalment 1 {2}DS-[A-Z2-9]{12}$/);
    await expect(run("referral-rewards", "--status=owed")).rejects.toThrow("--status must be claimable or paid");
  });
});
