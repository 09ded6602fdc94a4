import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { apiErrorCopy } from "@doorstep/shared/copy/api-errors";
import { billingAccounts } from "../db/schema/billing.ts";
import { localInvoices } from "../db/schema/local-gateway.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { CARDS, freshSession, subscribe } from "../test/billing-helpers.ts";
import { buildMember, buildProperty, buildUser, TEST_PASSWORD, type TestUser } from "../test/factories.ts";
import { runAdminCommand } from "../cli/admin.commands.ts";
import { runLocalRenewals } from "./billing-events.ts";
import { eraseDeletedAccounts } from "./delete-account.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const admin = (...argv: string[]) => runAdminCommand(t.ctx.db, argv, "test-operator", t.ctx.payments, t.clock.now);
const deleteAccount = (user: TestUser) =>
  t.as(user, "POST", "/api/account/delete", { password: TEST_PASSWORD, confirm: "DELETE" });
const billingOf = async (user: TestUser) =>
  (await t.ctx.db.select().from(billingAccounts).where(eq(billingAccounts.accountId, user.accountId)))[0]!;
const gatewaySubscription = async (user: TestUser) =>
  t.ctx.payments.getSubscription((await billingOf(user)).subscriptionRef!);
const day = (d: Date) => d.toISOString().slice(0, 10);
/** An owner whose trial is over, with a published property and a paid monthly subscription on the local gateway. */
async function payingOwner() {
  const owner = await buildUser(t.ctx, { trialEndsAt: new Date(t.clock.now.getTime() - DAY) });
  const { propertyId } = await buildProperty(t.app, owner);
  const res = await subscribe(t.app, owner, CARDS.ok);
  expect(res.statusCode, res.body).toBe(201);
  return { owner, propertyId };
}
const login = (user: TestUser) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: user.email, password: TEST_PASSWORD } });

describe("deleting the account (IMPL-33)", () => {
  it("asks for the password and DELETE, then takes the guides offline, signs everyone out; restore-account undoes it", async () => {
    const owner = await buildUser(t.ctx, { firstName: "Dora" });
    const member = await buildMember(t.ctx, owner, "admin");
    const { propertyId } = await buildProperty(t.app, owner);
    expect((await t.app.inject({ url: `/g/${propertyId}` })).statusCode).toBe(200);

    const wrongWord = await t.as(owner, "POST", "/api/account/delete", { password: TEST_PASSWORD, confirm: "delete" });
    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.json().error.message).toBe(copy.accountData.wrongConfirmation);
    const wrongPassword = await t.as(owner, "POST", "/api/account/delete", { password: "nope", confirm: "DELETE" });
    expect(wrongPassword.statusCode).toBe(400);
    // Only the owner may.
    expect(
      (await t.as(member, "POST", "/api/account/delete", { password: TEST_PASSWORD, confirm: "DELETE" })).statusCode,
    ).toBe(403);

    const done = await t.as(owner, "POST", "/api/account/delete", { password: TEST_PASSWORD, confirm: "DELETE" });
    expect(done.statusCode, done.body).toBe(204);
    expect((await t.as(owner, "GET", "/api/me")).statusCode).toBe(401);
    expect((await t.as(member, "GET", "/api/me")).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/g/${propertyId}` })).statusCode).not.toBe(200);
    // A new sign-in is refused up front while the account is deleted, and sets no session.
    const again = await login(owner);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({
      code: "ACCOUNT_DELETED",
      message: apiErrorCopy.ACCOUNT_DELETED(),
    });
    expect(again.cookies).toEqual([]);
    // The wrong password still says so, without telling whether the account was deleted.
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: member.email, password: "not-the-password" },
    });
    expect(wrong.json().error.code).toBe("WRONG_PASSWORD");

    expect((await admin("find", "Dora")).join("\n")).toContain("DELETED");
    expect(await admin("restore-account", owner.email)).toEqual([
      `Restored the account of ${owner.email}; its members can sign in again.`,
    ]);
    const back = await login(owner);
    expect(back.statusCode).toBe(200);
    const restored = back.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await t.as({ cookie: restored }, "GET", "/api/me")).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/g/${propertyId}` })).statusCode).toBe(200);
    expect((await admin("logins", owner.email)).join("\n")).toMatch(/ok/);
  });

  it("erases the account's data 30 days after, not before", async () => {
    const owner = await buildUser(t.ctx);
    await buildProperty(t.app, owner);
    expect(
      (await t.as(owner, "POST", "/api/account/delete", { password: TEST_PASSWORD, confirm: "DELETE" })).statusCode,
    ).toBe(204);
    t.clock.advance(29 * DAY);
    await eraseDeletedAccounts(t.ctx);
    expect((await admin("find", owner.email)).join("\n")).toContain(owner.email);
    t.clock.advance(2 * DAY);
    expect(await eraseDeletedAccounts(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await admin("find", owner.email)).toEqual([`No user matches ${owner.email}.`]);
  });
});

describe("the subscription of a deleted account (decision 060)", () => {
  it("is set to end at its period's end, billing nothing more; restore-account resumes it and it renews", async () => {
    const { owner, propertyId } = await payingOwner();
    const paidUntil = (await gatewaySubscription(owner)).currentPeriodEnd!;
    expect((await deleteAccount(owner)).statusCode).toBe(204);
    expect(await gatewaySubscription(owner)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    t.clock.advance(10 * DAY);
    await runLocalRenewals(t.ctx);
    expect(await admin("restore-account", owner.email)).toEqual([
      `Restored the account of ${owner.email}; its members can sign in again.`,
      `Its subscription is no longer set to end: it renews on ${day(paidUntil)}.`,
    ]);
    expect(await gatewaySubscription(owner)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    expect((await t.app.inject({ url: `/g/${propertyId}` })).statusCode).toBe(200);

    // It renews at its period's end as if it had never been cancelled.
    t.clock.advance(paidUntil.getTime() - t.clock.now.getTime() + 1000);
    await runLocalRenewals(t.ctx);
    const renewed = await gatewaySubscription(owner);
    expect(renewed.status).toBe("active");
    expect(renewed.currentPeriodStart).toEqual(paidUntil);
    const invoices = await t.ctx.db.select().from(localInvoices).where(eq(localInvoices.subscriptionRef, renewed.ref));
    expect(invoices.map((i) => i.status)).toEqual(["paid", "paid"]);
    t.clock.advance(-(40 * DAY));
  });

  it("ends at its period's end when not restored by then; a later restore says the owner subscribes again", async () => {
    const { owner, propertyId } = await payingOwner();
    const paidUntil = (await gatewaySubscription(owner)).currentPeriodEnd!;
    t.clock.advance(20 * DAY);
    expect((await deleteAccount(await freshSession(t.ctx, owner))).statusCode).toBe(204);
    t.clock.advance(11 * DAY);
    await runLocalRenewals(t.ctx);
    const ended = await gatewaySubscription(owner);
    expect(ended.status).toBe("canceled");
    // Nothing was billed after the deletion: the first period's invoice only.
    const invoices = await t.ctx.db.select().from(localInvoices).where(eq(localInvoices.subscriptionRef, ended.ref));
    expect(invoices).toHaveLength(1);
    expect(paidUntil.getTime()).toBeLessThan(t.clock.now.getTime());

    expect(await admin("restore-account", owner.email)).toEqual([
      `Restored the account of ${owner.email}; its members can sign in again.`,
      "Its subscription had ended and cannot be resumed: the owner subscribes again on the Subscription page. " +
        "Until then its guides are offline.",
    ]);
    expect(await billingOf(owner)).toMatchObject({ status: "canceled" });
    expect((await t.app.inject({ url: `/g/${propertyId}` })).statusCode).not.toBe(200);
    // The owner signs in and subscribes again; the guide is live once more.
    const back = await login(owner);
    expect(back.statusCode).toBe(200);
    const again = { ...owner, cookie: back.cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
    expect((await subscribe(t.app, again, CARDS.ok)).statusCode).toBe(201);
    expect((await t.app.inject({ url: `/g/${propertyId}` })).statusCode).toBe(200);
    t.clock.advance(-(31 * DAY));
  });

  it("is cancelled at once when its payment had failed, so no retry charges the card; restore reports it ended", async () => {
    // In the trial (14 days), with a card that fails at the first renewal.
    const owner = await buildUser(t.ctx);
    expect((await subscribe(t.app, owner, CARDS.failsLater)).statusCode).toBe(201);
    t.clock.advance(15 * DAY);
    await runLocalRenewals(t.ctx);
    expect((await billingOf(owner)).status).toBe("past_due");
    expect((await deleteAccount(await freshSession(t.ctx, owner))).statusCode).toBe(204);
    const ended = await gatewaySubscription(owner);
    expect(ended).toMatchObject({ status: "canceled", cancelAtPeriodEnd: false });
    expect(await billingOf(owner)).toMatchObject({ status: "canceled" });
    const invoices = await t.ctx.db.select().from(localInvoices).where(eq(localInvoices.subscriptionRef, ended.ref));
    expect(invoices.map((i) => i.status)).not.toContain("open");

    expect((await admin("restore-account", owner.email)).at(-1)).toBe(
      "Its subscription had ended and cannot be resumed: the owner subscribes again on the Subscription page. " +
        "Until then its guides are offline.",
    );
    t.clock.advance(-(15 * DAY));
  });

  it("in the trial, is set to end at the trial's end; restore says it renews then, and the audit log names it", async () => {
    const owner = await buildUser(t.ctx);
    expect((await subscribe(t.app, owner, CARDS.ok)).statusCode).toBe(201);
    const trialEnd = (await gatewaySubscription(owner)).trialEnd!;
    expect((await deleteAccount(owner)).statusCode).toBe(204);
    expect(await gatewaySubscription(owner)).toMatchObject({ status: "trialing", cancelAtPeriodEnd: true });
    expect((await admin("restore-account", owner.email)).at(-1)).toBe(
      `Its subscription is no longer set to end: it renews on ${day(trialEnd)}.`,
    );
    expect((await admin("audit-log")).join("\n")).toMatch(/restore-account/);
  });
});
