import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { apiErrorCopy } from "@doorstep/shared/copy/api-errors";
import { createTestApp, type TestApp } from "../test/app.ts";
import { buildMember, buildProperty, buildUser, TEST_PASSWORD, type TestUser } from "../test/factories.ts";
import { runAdminCommand } from "../cli/admin.commands.ts";
import { eraseDeletedAccounts } from "./delete-account.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const admin = (...argv: string[]) => runAdminCommand(t.ctx.db, argv, "test-operator", t.ctx.payments, t.clock.now);
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
