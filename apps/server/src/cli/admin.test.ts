import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../db/schema/audit.ts";
import { billingAccounts, subscriptionAlerts } from "../db/schema/billing.ts";
import { localInvoices, localSubscriptions } from "../db/schema/local-gateway.ts";
import { accounts } from "../db/schema/users.ts";
import { guideVisitDays } from "../db/schema/visits.ts";
import { runLocalRenewals } from "../commands/billing-events.ts";
import { CARDS, subscribe } from "../test/billing-helpers.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildProperty, buildUser } from "../test/factories.ts";
import { flushVisits } from "../features/visits/visits.service.ts";
import { runAdminCommand } from "./admin.commands.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = (...argv: string[]) => runAdminCommand(t.ctx.db, argv, "ops@doorstep", t.ctx.payments, t.clock.now);

describe("operator CLI (IMPL-22)", () => {
  it("recounts an account's analytics days from its raw visits in the account's zone", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const visit = await t.app.inject({
      method: "POST",
      url: "/api/guide/visits",
      remoteAddress: "198.19.0.1",
      headers: {
        "user-agent":
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
      },
      payload: { propertyId, trackingSessionId: "cli-rebuild-session-0001" },
    });
    expect(visit.statusCode).toBe(204);
    await flushVisits(t.ctx);
    const rollup = () => t.ctx.db.select().from(guideVisitDays).where(eq(guideVisitDays.accountId, user.accountId));
    const live = await rollup();
    expect(live).toHaveLength(1);
    // A lost rollup (a restore from a backup without it) comes back from the raw visits.
    await t.ctx.db.delete(guideVisitDays).where(eq(guideVisitDays.accountId, user.accountId));
    expect(await run("rebuild-analytics", user.email)).toEqual([
      `Analytics of ${user.email} recounted from raw visits in UTC.`,
    ]);
    expect(await rollup()).toEqual(live);
    await expect(run("rebuild-analytics", "nobody@example.com")).rejects.toThrow(/no user/);
  });

  it("sets pricing flags and a price list, which the plans API then follows; every action is audited", async () => {
    const user = await buildUser(t.ctx);
    await run("set-flags", user.email, "--force-annual=on", "--currency=gbp", "--coupon=p10");
    const [account] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(account).toMatchObject({ forceAnnualSubscription: true, defaultCurrency: "gbp", couponCode: "P10" });
    await run("set-price-list", user.email, "gbp-2020");
    const plans = (await t.app.inject({ url: "/api/billing/plans", headers: { cookie: user.cookie } })).json();
    expect(plans).toMatchObject({
      currency: "gbp",
      currencyFixed: true,
      plans: [{ cycle: "annual", amount: 5767, discountedAmount: 5190 }],
    });
    await expect(run("set-price-list", user.email, "nonsense")).rejects.toThrow(/price list must be one of/);
    await expect(run("set-flags", user.email, "--unit-pricing=maybe")).rejects.toThrow(/on or off/);
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, user.email));
    expect(audit.map((a) => a.action).sort()).toEqual(["set-flags", "set-price-list"]);
    expect(audit.every((a) => a.actor === "ops@doorstep")).toBe(true);
  });

  it("extends a trial from its end and toggles a property's active status", async () => {
    const user = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - 86_400_000) });
    const [line] = await run("extend-trial", user.email, "7");
    expect(line).toContain(new Date(t.clock.now.getTime() + 7 * 86_400_000).toISOString());
    const { propertyId } = await buildProperty(t.app, user);
    await run("deactivate-property", propertyId);
    const get = async () =>
      (await t.app.inject({ url: `/api/properties/${propertyId}`, headers: { cookie: user.cookie } })).json().property;
    expect(await get()).toMatchObject({ live: false, inactiveReason: "deactivated" });
    await run("reactivate-property", propertyId);
    expect((await get()).live).toBe(true);
  });

  it("extends a subscribed host's trial on the provider too: billing starts at the new end (IMPL-22)", async () => {
    const trialEnd = new Date(t.clock.now.getTime() + 2 * 86_400_000);
    const user = await buildUser(t.ctx, { trialEndsAt: trialEnd });
    expect((await subscribe(t.app, user, CARDS.ok)).statusCode).toBe(201);
    const [line] = await run("extend-trial", user.email, "10");
    const newEnd = new Date(trialEnd.getTime() + 10 * 86_400_000);
    expect(line).toContain("starts billing then");
    const [billing] = await t.ctx.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.accountId, user.accountId));
    const [sub] = await t.ctx.db
      .select()
      .from(localSubscriptions)
      .where(eq(localSubscriptions.id, billing!.subscriptionRef!));
    expect(sub).toMatchObject({ status: "trialing", trialEnd: newEnd, currentPeriodEnd: newEnd });
    expect(
      (await t.app.inject({ url: "/api/billing/subscription", headers: { cookie: user.cookie } })).json().subscription,
    ).toMatchObject({ status: "trialing", nextPaymentAt: newEnd.toISOString(), trialEndsAt: newEnd.toISOString() });
    // The old end passes: nothing is charged yet.
    t.clock.advance(3 * 86_400_000);
    await runLocalRenewals(t.ctx);
    expect(await t.ctx.db.select().from(localInvoices).where(eq(localInvoices.subscriptionRef, sub!.id))).toEqual([]);
    const [audit] = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, user.email));
    expect(audit!.details).toMatchObject({ days: 10, subscription: sub!.id });
  });

  it("lists pause/cancel requests and subscription alerts, and moves a request on", async () => {
    const user = await buildUser(t.ctx);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/billing/cancellation-requests",
      headers: { cookie: user.cookie },
      payload: {
        name: "Sam",
        email: "sam@example.com",
        tel: "123",
        request: "pause-3-months",
        reason: "product-value",
      },
    });
    const { id, createdAt } = res.json().request as { id: string; createdAt: string };
    expect((await run("list-cancellations", "--status=received")).filter((l) => l.includes(id))).toEqual([
      `${id}  ${createdAt}  received  pause-3-months  product-value  Sam <sam@example.com> 123`,
    ]);
    expect(await run("set-cancellation-status", id, "done")).toEqual([`Request ${id} is now done.`]);
    expect((await run("list-cancellations", "--status=received")).filter((l) => l.includes(id))).toEqual([]);
    await t.app.inject({
      method: "POST",
      url: "/api/billing/subscription-alerts",
      headers: { cookie: user.cookie },
      payload: { errorMessage: "card refused in the browser" },
    });
    const [alert] = await t.ctx.db
      .select()
      .from(subscriptionAlerts)
      .where(eq(subscriptionAlerts.accountId, user.accountId));
    expect((await run("list-alerts")).filter((l) => l.includes(user.accountId))).toEqual([
      `${alert!.createdAt.toISOString()}  client  account ${user.accountId}  card refused in the browser  {}`,
    ]);
    const [audit] = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, id));
    expect(audit).toMatchObject({ actor: "ops@doorstep", action: "set-cancellation-status" });
    expect((await run("audit-log")).filter((l) => l.includes(id))).toEqual([
      `${audit!.createdAt.toISOString()}  ops@doorstep  set-cancellation-status  ${id}  ${JSON.stringify(audit!.details)}`,
    ]);
  });
});
