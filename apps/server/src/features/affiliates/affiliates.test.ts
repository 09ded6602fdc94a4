import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { referralStatus } from "@doorstep/shared/rules/referrals";
import { affiliateCommissions, affiliateCustomers, affiliates } from "../../db/schema/affiliates.ts";
import { billingAccounts } from "../../db/schema/billing.ts";
import { rewardPayouts } from "../../db/schema/referrals.ts";
import { signupAttributions, users } from "../../db/schema/users.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { CARDS, DAY, emailsTo, freshSession, getJson, subscribe } from "../../test/billing-helpers.ts";
import { buildUser, TEST_PASSWORD, type TestUser } from "../../test/factories.ts";
import { handleGatewayEvent, runLocalRenewals } from "../../commands/billing-events.ts";
import { runAdminCommand } from "../../cli/admin.commands.ts";
import { runAffiliateCommissions } from "./affiliate-commissions.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const newEmail = (p: string) => `${p}-${Math.random().toString(36).slice(2)}@example.com`;

async function post(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url, payload });
}

/** An affiliate signs up through the API, as /create-affiliate-account does. */
async function signUpAffiliate(firstName = "Paula", extra: Record<string, unknown> = {}): Promise<TestUser> {
  const email = newEmail("affiliate");
  const res = await post("/api/auth/create-affiliate-account", { firstName, email, password: TEST_PASSWORD, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { id: row!.id, accountId: row!.accountId, email, password: TEST_PASSWORD, cookie, token: "" };
}

const labelOf = async (user: TestUser) =>
  (await t.ctx.db.select().from(affiliates).where(eq(affiliates.userId, user.id)))[0]!.trackingLabel;

/** A host signs up from the partner page's link (AFF-07). */
async function signUpFromPartnerPage(label: string): Promise<TestUser> {
  const email = newEmail("customer");
  const res = await post("/api/auth/sign-up", {
    firstName: "Carla",
    email,
    password: TEST_PASSWORD,
    utmSource: "affiliate-landing-page",
    utmMedium: "affiliate",
    utmCampaign: label,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { id: row!.id, accountId: row!.accountId, email, password: TEST_PASSWORD, cookie, token: "" };
}

async function passDays(days: number) {
  for (let left = days; left > 0; left -= 5) {
    t.clock.advance(Math.min(5, left) * DAY);
    await runLocalRenewals(t.ctx);
    await runAffiliateCommissions(t.ctx);
  }
}

const ledgerOf = async (customerAccountId: string) =>
  t.ctx.db
    .select({
      status: rewardPayouts.status,
      amount: rewardPayouts.amount,
      currency: rewardPayouts.currency,
      invoiceAmount: affiliateCommissions.invoiceAmount,
      rate: affiliateCommissions.exchangeRate,
    })
    .from(rewardPayouts)
    .innerJoin(affiliateCommissions, eq(affiliateCommissions.id, rewardPayouts.affiliateCommissionId))
    .where(eq(affiliateCommissions.customerAccountId, customerAccountId))
    .orderBy(affiliateCommissions.invoicePaidAt);

describe("affiliate sign-up (AFF-02…04, OPEN-24/25/27)", () => {
  it("creates an affiliate master user with no trial, an Affiliate record with a unique label, and sends the affiliate welcome", async () => {
    const affiliate = await signUpAffiliate("Anne-Marie", { utmSource: "newsletter", landingPage: "/affiliates" });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, affiliate.id));
    expect(user).toMatchObject({ isAffiliate: true, isMaster: true, referredByUserId: null });
    const [record] = await t.ctx.db.select().from(affiliates).where(eq(affiliates.userId, affiliate.id));
    expect(record).toMatchObject({
      name: "Anne-Marie",
      commissionModel: "percentage",
      commissionPercentage: 25,
      commissionMonths: 12,
      commissionCurrency: "usd",
      payPalEmail: null,
    });
    expect(record!.trackingLabel).toMatch(/^annemarie\d{4,6}$/);
    const [attribution] = await t.ctx.db
      .select()
      .from(signupAttributions)
      .where(eq(signupAttributions.userId, affiliate.id));
    expect(attribution).toMatchObject({ utmSource: "newsletter", landingPage: "/affiliates" });
    const me = await getJson(t.app, affiliate, "/api/me");
    expect(me.user).toMatchObject({ isAffiliate: true, isMaster: true, account: { trialEndsAt: null } });
    const [welcome] = await emailsTo(t.ctx, affiliate.email);
    expect(welcome).toMatchObject({ template: "affiliate-welcome" });
    expect(welcome!.text).toContain(`http://localhost:3000/partners/${record!.trackingLabel}`);
    // A second Anne-Marie gets another label.
    const other = await signUpAffiliate("Anne-Marie");
    expect(await labelOf(other)).not.toBe(record!.trackingLabel);
  });

  it("refuses like sign-up does: a taken email, an invalid one, a weak password", async () => {
    const affiliate = await signUpAffiliate();
    const taken = await post("/api/auth/create-affiliate-account", {
      firstName: "X",
      email: affiliate.email,
      password: TEST_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("EMAIL_TAKEN");
    const invalid = await post("/api/auth/create-affiliate-account", {
      firstName: "X",
      email: "someone@mailinator.com",
      password: TEST_PASSWORD,
    });
    expect(invalid.json().error.code).toBe("INVALID_EMAIL");
    const weak = await post("/api/auth/create-affiliate-account", {
      firstName: "X",
      email: newEmail("weak"),
      password: "password",
    });
    expect(weak.json().error.code).toBe("WEAK_PASSWORD");
  });
});

describe("partner page (AFF-05…09) and attribution (AFF-17)", () => {
  it("shows only name, logo and label with the landing content; an unknown label is not found", async () => {
    const affiliate = await signUpAffiliate("Paula");
    const label = await labelOf(affiliate);
    const res = await t.app.inject({ url: `/api/partners/${label}`, headers: { "user-agent": BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: "Paula",
      logoUrl: null,
      label,
      landing: {
        title: copy.affiliates.partner.defaultTitle,
        description: copy.affiliates.partner.defaultDescription,
        imageUrl: null,
      },
    });
    expect(res.body).not.toContain(affiliate.email);
    const unknown = await t.app.inject({ url: "/api/partners/nobody0000" });
    expect(unknown.statusCode).toBe(404);
    // The view counted as a link click (OPEN-26).
    expect((await getJson(t.app, affiliate, "/api/affiliate/stats")).linkClicks).toBe(1);
  });

  it("attributes a sign-up from the partner page to the affiliate, once per account; other sign-ups are not", async () => {
    const affiliate = await signUpAffiliate();
    const label = await labelOf(affiliate);
    const customer = await signUpFromPartnerPage(label);
    const [row] = await t.ctx.db
      .select()
      .from(affiliateCustomers)
      .where(eq(affiliateCustomers.accountId, customer.accountId));
    expect(row).toBeDefined();
    const plain = await post("/api/auth/sign-up", {
      firstName: "Other",
      email: newEmail("plain"),
      password: TEST_PASSWORD,
      utmMedium: "referral",
      utmCampaign: label,
    });
    expect(plain.statusCode).toBe(201);
    const stats = await getJson(t.app, affiliate, "/api/affiliate/stats");
    expect(stats).toMatchObject({ trialsStarted: 1, payingCustomers: 0, commissions: [] });
    expect(stats.customers).toHaveLength(1);
    expect(JSON.stringify(stats)).not.toMatch(
      new RegExp(`Carla|${customer.email}|${customer.id}|${customer.accountId}`),
    );
  });
});

describe("the caller's affiliate data (AFF-10…14, AUTH-43, XCUT-09)", () => {
  it("payment details: a master affiliate sets currency and PayPal email; other fields and other users are refused", async () => {
    const affiliate = await signUpAffiliate();
    const patch = (user: TestUser, payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/affiliate/payment-details",
        headers: { cookie: user.cookie },
        payload,
      });
    expect((await patch(affiliate, { commissionCurrency: "gbp", payPalEmail: "Pay@Example.com" })).statusCode).toBe(
      204,
    );
    expect(await getJson(t.app, affiliate, "/api/affiliate")).toMatchObject({
      commissionCurrency: "gbp",
      payPalEmail: "pay@example.com",
      commission: { model: "percentage", percentage: 25, months: 12 },
    });
    expect((await patch(affiliate, { commissionPercentage: 90 })).statusCode).toBe(400);
    expect((await patch(affiliate, { commissionCurrency: "chf" })).statusCode).toBe(400);
    expect((await patch(affiliate, { payPalEmail: "not-an-email" })).statusCode).toBe(400);

    // A host has no affiliate pages' data.
    const host = await buildUser(t.ctx);
    for (const url of ["/api/affiliate", "/api/affiliate/stats", "/api/affiliate/assets"])
      expect((await t.app.inject({ url, headers: { cookie: host.cookie } })).statusCode).toBe(404);
    expect((await patch(host, { commissionCurrency: "gbp" })).statusCode).toBe(404);
    // Logged out: 401.
    expect((await t.app.inject({ url: "/api/affiliate/stats" })).statusCode).toBe(401);
  });

  it("an affiliate user whose record is missing (a sign-up stopped half-way) gets one on first use", async () => {
    const affiliate = await signUpAffiliate("Mia");
    await t.ctx.db.delete(affiliates).where(eq(affiliates.userId, affiliate.id));
    const profile = await getJson(t.app, affiliate, "/api/affiliate");
    expect(profile.trackingLabel).toMatch(/^mia\d+$/);
  });

  it("media assets come from system content, with defaults", async () => {
    const affiliate = await signUpAffiliate();
    const assets = await getJson(t.app, affiliate, "/api/affiliate/assets");
    expect(assets).toMatchObject({
      shortDescription: copy.affiliates.assets.defaults.shortDescription,
      longDescription: copy.affiliates.assets.defaults.longDescription,
      testimonials: [],
    });
    expect(assets.logoUrl).toMatch(/^data:image\/svg\+xml,/);
  });
});

describe("commission lifecycle on the local gateway (AFF-16, IMPL-19)", () => {
  it("earns 25% of each paid invoice, once however often it is reported; payable after 35 days; nothing in the trial", async () => {
    let affiliate = await signUpAffiliate("Petra");
    const customer = await signUpFromPartnerPage(await labelOf(affiliate));
    expect((await subscribe(t.app, customer, CARDS.ok)).statusCode).toBe(201);
    expect(await ledgerOf(customer.accountId)).toEqual([]);

    // The trial ends: the first invoice is paid by the renewal job.
    await passDays(15);
    const [first] = await ledgerOf(customer.accountId);
    expect(first).toMatchObject({ status: "pending", currency: "usd", rate: "1" });
    expect(first!.amount).toBe(Math.floor((first!.invoiceAmount * 25) / 100));

    // Replays of the paid event record nothing new.
    const [billing] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.accountId, customer.accountId));
    const replay = {
      id: "evt_aff_replay",
      type: "invoice.paid",
      customerRef: billing!.customerRef,
      subscriptionRef: billing!.subscriptionRef,
    };
    await handleGatewayEvent(t.ctx, replay);
    await handleGatewayEvent(t.ctx, replay);
    expect(await ledgerOf(customer.accountId)).toHaveLength(1);

    affiliate = await freshSession(t.ctx, affiliate);
    let stats = await getJson(t.app, affiliate, "/api/affiliate/stats");
    expect(stats).toMatchObject({
      trialsStarted: 1,
      payingCustomers: 1,
      commissions: [{ currency: "usd", earned: first!.amount, pending: first!.amount, payable: 0, paid: 0 }],
    });
    expect(copy.referrals.status[referralStatus(stats.customers[0], t.clock.now)]).toBe(
      "Subscribed. First month not completed yet",
    );

    // 35 days after the first payment it is payable (a second month's invoice was paid meanwhile).
    await passDays(35);
    const ledger = await ledgerOf(customer.accountId);
    expect(ledger.map((e) => e.status)).toEqual(["payable", "pending"]);
    expect(ledger[1]!.amount).toBe(Math.floor((ledger[1]!.invoiceAmount * 25) / 100));
    const emails = await emailsTo(t.ctx, affiliate.email);
    expect(emails.map((e) => e.template)).toContain("affiliate-commission-payable");

    affiliate = await freshSession(t.ctx, affiliate);
    stats = await getJson(t.app, affiliate, "/api/affiliate/stats");
    expect(stats.commissions[0]).toMatchObject({ payable: first!.amount, paid: 0 });
    expect(stats.customers[0]).toMatchObject({ rewardClaimable: true, commission: first!.amount + ledger[1]!.amount });
  });

  it("converts into the affiliate's currency at the stored rate and stops after the commission months", async () => {
    const affiliate = await signUpAffiliate("Eva");
    await t.app.inject({
      method: "PATCH",
      url: "/api/affiliate/payment-details",
      headers: { cookie: affiliate.cookie },
      payload: { commissionCurrency: "eur" },
    });
    await t.ctx.db.update(affiliates).set({ commissionMonths: 1 }).where(eq(affiliates.userId, affiliate.id));
    const customer = await signUpFromPartnerPage(await labelOf(affiliate));
    expect((await subscribe(t.app, customer, CARDS.ok)).statusCode).toBe(201);
    await passDays(75);
    const ledger = await ledgerOf(customer.accountId);
    // One month's window: only the first paid invoice earns.
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ currency: "eur", rate: "0.92" });
    expect(ledger[0]!.amount).toBe(Math.round(Math.floor((ledger[0]!.invoiceAmount * 25) / 100) * 0.92));
  });
});

describe("operator commands (IMPL-23, OPEN-71)", () => {
  const run = (...argv: string[]) => runAdminCommand(t.ctx.db, argv, "ops@doorstep", t.ctx.payments, t.clock.now);

  it("sets an account as affiliate with a fixed commission, exports payable commission as a PayPal CSV once, marks it paid", async () => {
    const host = await buildUser(t.ctx, { firstName: "Olga" });
    const [line] = await run(
      "set-affiliate",
      host.email,
      "--model=fixed",
      "--amount=7.50",
      "--months=24",
      "--label=olga-stays",
    );
    expect(line).toContain("is an affiliate");
    const [record] = await t.ctx.db.select().from(affiliates).where(eq(affiliates.userId, host.id));
    expect(record).toMatchObject({
      commissionModel: "fixed",
      commissionAmount: 750,
      commissionMonths: 24,
      trackingLabel: "olga-stays",
    });
    await expect(run("set-affiliate", host.email, "--model=bonus")).rejects.toThrow(
      "--model must be percentage or fixed",
    );
    let affiliate = await freshSession(t.ctx, host);
    expect((await getJson(t.app, affiliate, "/api/me")).user.isAffiliate).toBe(true);

    const customer = await signUpFromPartnerPage("olga-stays");
    expect((await subscribe(t.app, customer, CARDS.ok)).statusCode).toBe(201);
    await passDays(15 + 35);
    expect((await ledgerOf(customer.accountId)).map((e) => [e.status, e.amount])).toEqual([
      ["payable", 750],
      ["pending", 750],
    ]);
    expect((await run("affiliate-commissions"))[0]).toContain("olga-stays");
    affiliate = await freshSession(t.ctx, host);

    // No PayPal email yet: nothing to export.
    const dir = await mkdtemp(path.join(os.tmpdir(), "payouts-"));
    expect(await run("affiliate-payouts-csv", path.join(dir, "none.csv"))).toEqual([
      "No payable commissions of affiliates with a PayPal email.",
    ]);
    await t.app.inject({
      method: "PATCH",
      url: "/api/affiliate/payment-details",
      headers: { cookie: affiliate.cookie },
      payload: { payPalEmail: "olga@example.com" },
    });
    const file = path.join(dir, "payouts.csv");
    const [exported] = await run("affiliate-payouts-csv", file);
    const batch = /batch (\S+)\./.exec(exported!)![1]!;
    expect(await readFile(file, "utf8")).toBe(
      `olga@example.com,7.50,USD,Doorstep affiliate commission (1 payments),${batch}-olga-stays-usd\n`,
    );
    // Exported entries are not exported twice.
    expect(await run("affiliate-payouts-csv", path.join(dir, "again.csv"))).toEqual([
      "No payable commissions of affiliates with a PayPal email.",
    ]);
    expect(await run("affiliate-payouts-paid", batch)).toEqual([`Marked 1 commission entries of batch ${batch} paid.`]);
    await expect(run("affiliate-payouts-paid", batch)).rejects.toThrow(`nothing payable in batch ${batch}`);
    const stats = await getJson(t.app, affiliate, "/api/affiliate/stats");
    expect(stats.commissions).toEqual([{ currency: "usd", earned: 1500, pending: 750, payable: 0, paid: 750 }]);
  });

  it("edits the landing page's and the media assets' system content", async () => {
    await run(
      "system-content",
      "affiliate-landing",
      "--title=Guests love Doorstep",
      "--image-url=https://cdn.example/hero.jpg",
    );
    await run(
      "system-content",
      "affiliate-assets",
      "--description=Short.",
      "--testimonial=Great!",
      "--testimonial=Superb.",
    );
    await expect(run("system-content", "elsewhere", "--title=X")).rejects.toThrow("the label must be");
    const affiliate = await signUpAffiliate("Lena");
    const page = (await t.app.inject({ url: `/api/partners/${await labelOf(affiliate)}` })).json();
    expect(page.landing).toEqual({
      title: "Guests love Doorstep",
      description: copy.affiliates.partner.defaultDescription,
      imageUrl: "https://cdn.example/hero.jpg",
    });
    const assets = await getJson(t.app, affiliate, "/api/affiliate/assets");
    expect(assets).toMatchObject({ shortDescription: "Short.", testimonials: ["Great!", "Superb."] });
  });
});
