import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@doorstep/shared/constants";
import { checkPassword } from "@doorstep/shared/rules/password";
import { findAttribution, findUserByEmail } from "../users/user.repository.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildUser, TEST_PASSWORD, uniqueEmail } from "../../test/factories.ts";
import { eq } from "drizzle-orm";
import { oneTimeTokens, sessions } from "../../db/schema/auth.ts";
import { findLoginAttempts } from "./auth.repository.ts";
import { purgeDeadAuthRecords, SESSION_CACHE_MS } from "./session.service.ts";
import { issueLoginToken } from "./auth.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers });

function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error("no session cookie");
  return `${SESSION_COOKIE}=${cookie.value}`;
}

async function outbox(to: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/test/outbox?to=${encodeURIComponent(to)}` });
  return res.json().emails as { subject: string; text: string }[];
}

describe("sign-up (AUTH-23…32)", () => {
  it("creates a master account in a 14-day trial, signs in, stores attribution and sends a welcome email", async () => {
    const email = uniqueEmail("Signup");
    const res = await post("/api/auth/sign-up", {
      firstName: "Maya",
      email: `  ${email.toUpperCase()} `,
      password: TEST_PASSWORD,
      referralId: "friend1",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      utmTerm: "guidebook",
      utmContent: "ad1",
      landingPage: "/pricing",
      sourceUrl: "www.example.org",
      sourceBrand: "Airbnb",
      coupon: "p10",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.appVersion).toBe("42.2.0");
    expect(body.user).toMatchObject({
      firstName: "Maya",
      email: email.toLowerCase(),
      isMaster: true,
      isAffiliate: false,
    });
    expect(body.user).not.toHaveProperty("passwordHash");
    const trialEnd = new Date(body.user.account.trialEndsAt).getTime();
    expect(trialEnd - t.clock.now.getTime()).toBe(14 * 86_400_000);

    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.value).toHaveLength(43); // 256 bits, base64url

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: sessionCookie(res) } });
    expect(me.json().user.firstName).toBe("Maya");

    const user = await findUserByEmail(t.ctx.db, email.toLowerCase());
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2/);
    const attribution = await findAttribution(t.ctx.db, user!.id);
    expect(attribution).toMatchObject({
      referralId: "friend1",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      utmTerm: "guidebook",
      utmContent: "ad1",
      landingPage: "/pricing",
      sourceUrl: "www.example.org",
      sourceBrand: "airbnb",
      coupon: "p10",
    });
    const emails = await outbox(email.toLowerCase());
    expect(emails[0]!.subject).toContain("Welcome");
    expect(emails[0]!.text).toMatch(/login_token=/);
  });

  it("records the referrer when referral_id is another user's code (AUTH-31)", async () => {
    const referrer = await buildUser(t.ctx);
    const code = (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: referrer.cookie } })).json()
      .user.referrerCode;
    const email = uniqueEmail();
    await post("/api/auth/sign-up", { firstName: "Ref", email, password: TEST_PASSWORD, referralId: code });
    expect((await findUserByEmail(t.ctx.db, email))!.referredByUserId).toBe(referrer.id);
  });

  it("refuses a duplicate email, case-insensitively (AUTH-26, AUTH-28)", async () => {
    const existing = await buildUser(t.ctx);
    const res = await post("/api/auth/sign-up", {
      firstName: "Dup",
      email: existing.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("EMAIL_TAKEN");
  });

  it("lets only one of two concurrent sign-ups with one email win", async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      [1, 2].map(() => post("/api/auth/sign-up", { firstName: "Race", email, password: TEST_PASSWORD })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ["not-an-email", "INVALID_EMAIL"],
    ["someone@mailinator.com", "INVALID_EMAIL"],
    ["someone@0-180.com", "INVALID_EMAIL"], // only on the full disposable list
    ["someone@example.tk", "INVALID_EMAIL"],
  ])("refuses %s with %s (AUTH-25)", async (email, code) => {
    const res = await post("/api/auth/sign-up", { firstName: "X", email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it("refuses passwords from the full common-password list that the browser's short list misses (OPEN-14)", async () => {
    // Frequent in leaks, and not among the shared short list the dashboard checks.
    for (const password of ["Basketball", "mercedes"]) {
      expect(checkPassword(password), password).toBeNull();
      const res = await post("/api/auth/sign-up", { firstName: "Common", email: uniqueEmail(), password });
      expect(res.json().error?.code, password).toBe("WEAK_PASSWORD");
    }
    const fine = await post("/api/auth/sign-up", {
      firstName: "Fine",
      email: uniqueEmail(),
      password: "lantern-otter-velvet",
    });
    expect(fine.statusCode).toBe(201);
  });

  it("refuses a filled honeypot, a weak password and an empty first name", async () => {
    const bot = await post("/api/auth/sign-up", {
      firstName: "Bot",
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      website: "http://spam",
    });
    expect(bot.json().error.code).toBe("BOT_DETECTED");
    const weak = await post("/api/auth/sign-up", { firstName: "Weak", email: uniqueEmail(), password: "password1" });
    expect(weak.json().error.code).toBe("WEAK_PASSWORD");
    const short = await post("/api/auth/sign-up", { firstName: "Short", email: uniqueEmail(), password: "abc12" });
    expect(short.json().error.code).toBe("WEAK_PASSWORD");
    const noName = await post("/api/auth/sign-up", { firstName: "  ", email: uniqueEmail(), password: TEST_PASSWORD });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.code).toBe("VALIDATION_FAILED");
    expect(noName.json().error.issues[0].path).toEqual(["firstName"]);
  });
});

describe("login (AUTH-07…13)", () => {
  it("signs in with trimmed, case-insensitive email and records the attempt without the password", async () => {
    const user = await buildUser(t.ctx);
    const res = await post(
      "/api/auth/login",
      { email: ` ${user.email.toUpperCase()} `, password: TEST_PASSWORD },
      { "x-client-version": "41.0.0" },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ appVersion: "42.2.0", user: { id: user.id } });
    expect(res.json()).not.toHaveProperty("token");
    const attempts = await findLoginAttempts(t.ctx.db, user.email);
    expect(attempts[0]).toMatchObject({
      success: true,
      attemptedAppVersion: "41.0.0",
      currentAppVersion: "42.2.0",
      appReloaded: true,
      ip: "127.0.0.1",
    });
    expect(JSON.stringify(attempts)).not.toContain(TEST_PASSWORD);
  });

  it("answers USER_NOT_FOUND and WRONG_PASSWORD distinctly, recording both (AUTH-08, AUTH-12)", async () => {
    const user = await buildUser(t.ctx);
    const unknown = await post("/api/auth/login", { email: uniqueEmail("nobody"), password: TEST_PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("USER_NOT_FOUND");
    const wrong = await post("/api/auth/login", { email: user.email, password: "not-the-password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("WRONG_PASSWORD");
    const attempts = await findLoginAttempts(t.ctx.db, user.email);
    expect(attempts[0]).toMatchObject({ success: false, failureCode: "WRONG_PASSWORD", userId: user.id });
    expect(JSON.stringify(attempts)).not.toContain("not-the-password");
  });

  it("returns the token in the body only to API clients that ask, and it works as a bearer token", async () => {
    const user = await buildUser(t.ctx);
    const res = await post("/api/auth/login", { email: user.email, password: TEST_PASSWORD, issueToken: true });
    const token = res.json().token as string;
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
  });

  it("refuses a filled honeypot", async () => {
    const user = await buildUser(t.ctx);
    const res = await post("/api/auth/login", { email: user.email, password: TEST_PASSWORD, website: "x" });
    expect(res.json().error.code).toBe("BOT_DETECTED");
  });
});

describe("sessions (docs/architecture.md §5, OPEN-20)", () => {
  it("logout revokes the session (AUTH-21)", async () => {
    const user = await buildUser(t.ctx);
    const out = await post("/api/auth/logout", {}, { cookie: user.cookie });
    expect(out.statusCode).toBe(204);
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe("UNAUTHENTICATED");
  });

  it("a session this instance answers from memory still ends at once on logout, and within the cache's bound when another instance revokes it (decision 013)", async () => {
    const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    const here = await buildUser(t.ctx);
    expect((await me(here.cookie)).statusCode).toBe(200);
    expect((await post("/api/auth/logout", {}, { cookie: here.cookie })).statusCode).toBe(204);
    expect((await me(here.cookie)).statusCode).toBe(401);

    const elsewhere = await buildUser(t.ctx);
    expect((await me(elsewhere.cookie)).statusCode).toBe(200);
    // Another instance revokes it: only the database knows.
    await t.ctx.db.update(sessions).set({ revokedAt: t.clock.now }).where(eq(sessions.userId, elsewhere.id));
    t.clock.advance(SESSION_CACHE_MS);
    expect((await me(elsewhere.cookie)).statusCode).toBe(401);
  });

  it("expires after 7 idle days, and after 30 days however active", async () => {
    const idle = await buildUser(t.ctx);
    const active = await buildUser(t.ctx);
    const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    for (let day = 0; day < 5; day++) {
      t.clock.advance(5 * 86_400_000);
      const res = await me(active.cookie);
      expect(res.statusCode, `day ${(day + 1) * 5}`).toBe(200);
      if (day === 1) expect((await me(idle.cookie)).statusCode).toBe(401); // 10 days idle
    }
    t.clock.advance(6 * 86_400_000); // 31 days old, last seen 6 days ago
    expect((await me(active.cookie)).statusCode).toBe(401);
  });

  it("refuses an unknown token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/me", headers: { authorization: "Bearer nope" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("auto-login (AUTH-14, AUTH-15, IMPL-21)", () => {
  it("exchanges a login_token once for a session", async () => {
    const user = await buildUser(t.ctx);
    const token = await issueLoginToken(t.ctx, user.id);
    const first = await post("/api/auth/login-token", { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.id).toBe(user.id);
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: sessionCookie(first) } });
    expect(me.statusCode).toBe(200);
    const again = await post("/api/auth/login-token", { token });
    expect(again.json().error.code).toBe("TOKEN_EXPIRED");
  });

  it("gives the welcome email's link the same short life as every login_token (docs/architecture.md §5)", async () => {
    const loginTokenIn = async (email: string) =>
      new URL((await outbox(email))[0]!.text.match(/http:\/\/\S+login_token=\S+/)![0]).searchParams.get("login_token")!;
    const fresh = uniqueEmail("welcome");
    await post("/api/auth/sign-up", { firstName: "Wen", email: fresh, password: TEST_PASSWORD });
    t.clock.advance(14 * 60_000);
    expect((await post("/api/auth/login-token", { token: await loginTokenIn(fresh) })).statusCode).toBe(200);

    const stale = uniqueEmail("welcome");
    await post("/api/auth/sign-up", { firstName: "Wes", email: stale, password: TEST_PASSWORD });
    t.clock.advance(16 * 60_000);
    expect((await post("/api/auth/login-token", { token: await loginTokenIn(stale) })).json().error.code).toBe(
      "TOKEN_EXPIRED",
    );
  });

  it("refuses an expired login_token", async () => {
    const user = await buildUser(t.ctx);
    const token = await issueLoginToken(t.ctx, user.id);
    t.clock.advance(16 * 60_000);
    expect((await post("/api/auth/login-token", { token })).json().error.code).toBe("TOKEN_EXPIRED");
  });
});

describe("forgot and reset password (AUTH-34…39, OPEN-16)", () => {
  const linkFrom = (text: string) => {
    const url = new URL(text.match(/http:\/\/\S+reset-password\S+/)![0]);
    return { token: url.searchParams.get("otp_token")!, email: url.searchParams.get("reset_email")! };
  };

  it("emails a single-use link that resets the password and signs out every session", async () => {
    const user = await buildUser(t.ctx);
    const res = await post("/api/auth/forgot-password", { email: user.email.toUpperCase() });
    expect(res.json()).toEqual({ userFound: true });
    const link = linkFrom((await outbox(user.email))[0]!.text);
    expect(link.email).toBe(user.email);

    const reset = await post("/api/auth/reset-password", {
      email: link.email,
      token: link.token,
      password: "a-brand-new-secret",
    });
    expect(reset.statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } })).statusCode).toBe(
      401,
    );
    expect((await post("/api/auth/login", { email: user.email, password: "a-brand-new-secret" })).statusCode).toBe(200);
    expect((await post("/api/auth/login", { email: user.email, password: TEST_PASSWORD })).json().error.code).toBe(
      "WRONG_PASSWORD",
    );

    const reused = await post("/api/auth/reset-password", {
      email: link.email,
      token: link.token,
      password: "another-new-secret",
    });
    expect(reused.json().error.code).toBe("TOKEN_EXPIRED");
  });

  it("a reset cancels every outstanding login_token, so an old welcome link no longer signs in", async () => {
    const user = await buildUser(t.ctx);
    const loginToken = await issueLoginToken(t.ctx, user.id);
    await post("/api/auth/forgot-password", { email: user.email });
    const link = linkFrom((await outbox(user.email))[0]!.text);
    expect((await post("/api/auth/reset-password", { ...link, password: "after-the-reset-1" })).statusCode).toBe(204);
    expect((await post("/api/auth/login-token", { token: loginToken })).json().error.code).toBe("TOKEN_EXPIRED");
  });

  it("expires links after 60 minutes, and a newer link invalidates older ones", async () => {
    const user = await buildUser(t.ctx);
    await post("/api/auth/forgot-password", { email: user.email });
    const older = linkFrom((await outbox(user.email))[0]!.text);
    await post("/api/auth/forgot-password", { email: user.email });
    const newer = linkFrom((await outbox(user.email))[0]!.text);
    expect((await post("/api/auth/reset-password", { ...older, password: "fresh-password-1" })).json().error.code).toBe(
      "TOKEN_EXPIRED",
    );
    t.clock.advance(61 * 60_000);
    expect((await post("/api/auth/reset-password", { ...newer, password: "fresh-password-1" })).json().error.code).toBe(
      "TOKEN_EXPIRED",
    );
  });

  it("refuses a link used with another email, and answers USER_NOT_FOUND for an unknown email", async () => {
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    await post("/api/auth/forgot-password", { email: user.email });
    const link = linkFrom((await outbox(user.email))[0]!.text);
    expect(
      (
        await post("/api/auth/reset-password", { email: other.email, token: link.token, password: "fresh-password-2" })
      ).json().error.code,
    ).toBe("TOKEN_EXPIRED");
    const unknown = await post("/api/auth/forgot-password", { email: uniqueEmail("ghost") });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("USER_NOT_FOUND");
  });
});

describe("housekeeping: dead sessions and spent links are deleted (docs/architecture.md §5)", () => {
  const sessionCount = async (userId: string) =>
    (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  const tokenCount = async (userId: string) =>
    (await t.ctx.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId))).length;

  it("removes revoked and idle sessions and day-old links, keeps live ones", async () => {
    const live = await buildUser(t.ctx);
    const loggedOut = await buildUser(t.ctx);
    const idle = await buildUser(t.ctx);
    expect((await post("/api/auth/logout", {}, { cookie: loggedOut.cookie })).statusCode).toBe(204);
    await issueLoginToken(t.ctx, live.id);
    const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

    await purgeDeadAuthRecords(t.ctx);
    expect([await sessionCount(live.id), await sessionCount(loggedOut.id), await sessionCount(idle.id)]).toEqual([
      1, 0, 1,
    ]);
    expect(await tokenCount(live.id)).toBe(1);

    for (let day = 0; day < 4; day++) {
      t.clock.advance(2 * 86_400_000);
      expect((await me(live.cookie)).statusCode).toBe(200);
    }
    const purged = await purgeDeadAuthRecords(t.ctx, 1); // batch of one: the loop drains every batch
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect([await sessionCount(live.id), await sessionCount(idle.id)]).toEqual([1, 0]);
    expect(await tokenCount(live.id)).toBe(0);
    expect((await me(live.cookie)).statusCode).toBe(200);
  });
});
