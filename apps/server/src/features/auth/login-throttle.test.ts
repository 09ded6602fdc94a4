import { copy } from "@doorstep/shared/copy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { emailsTo } from "../../test/billing-helpers.ts";
import { buildUser, TEST_PASSWORD, type TestUser } from "../../test/factories.ts";
import { attackDelaySeconds, MAX_ATTACK_DELAY_SECONDS } from "./login-throttle.ts";

const MINUTE = 60_000;
const THRESHOLD = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Client addresses come from X-Forwarded-For behind the trusted proxy, so one test logs in "from" many.
    config: { trustProxy: true },
    configure: (config) => ({
      ...config,
      rateLimits: {
        ...config.rateLimits,
        login: { max: 10, windowMs: 15 * MINUTE },
        loginPerIp: { max: 50, windowMs: 15 * MINUTE },
        loginAttack: { max: THRESHOLD, windowMs: 15 * MINUTE },
      },
    }),
  });
});
afterAll(() => t.close());

let net = 0;
/** A fresh /24 for each test, so their addresses' counters never meet. */
const addresses = () => {
  net++;
  return (i: number) => `198.51.${net}.${i}`;
};
const login = (user: TestUser, password: string, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: user.email, password },
    headers: { "x-forwarded-for": ip },
  });
const attackEmails = async (user: TestUser) =>
  (await emailsTo(t.ctx, user.email)).filter((e) => e.template === "login-under-attack");

describe("password guessing without a lockout (OPEN-15, decision 038)", () => {
  it("lets the owner sign in from another address while many addresses guess", async () => {
    const user = await buildUser(t.ctx);
    const from = addresses();
    for (let i = 1; i <= 8; i++) expect((await login(user, "guess", from(i))).statusCode).toBe(401);
    // Before: 30 guesses from anywhere answered 429 to everyone, the owner with the right password included.
    const owner = await login(user, TEST_PASSWORD, from(200));
    expect(owner.statusCode, owner.body).toBe(200);
    // The owner's own earlier typo does not lock them either: they wait a few seconds at most.
    t.clock.advance(MAX_ATTACK_DELAY_SECONDS * 1000);
    expect((await login(user, TEST_PASSWORD, from(1))).statusCode).toBe(200);
  });

  it("slows every guessing address down more with each failure, and lets it go when the window passes", async () => {
    const user = await buildUser(t.ctx);
    const from = addresses();
    for (let i = 1; i <= THRESHOLD; i++) expect((await login(user, "guess", from(i))).statusCode).toBe(401);
    const waits: number[] = [];
    // Address 1 makes 10 attempts here, the `login` rule's most for one address and account.
    for (let round = 0; round < 3; round++) {
      // Address 1 again at once: refused, however right the password, until its wait has passed.
      const slowed = await login(user, TEST_PASSWORD, from(1));
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().error.code).toBe("RATE_LIMITED");
      const wait = Number(slowed.headers["retry-after"]);
      waits.push(wait);
      t.clock.advance(wait * 1000 - 1);
      expect((await login(user, "guess", from(1))).statusCode, "a millisecond early").toBe(429);
      t.clock.advance(1);
      // Then it may guess again, and its failure makes the attack, and every address's next wait, longer.
      expect((await login(user, "guess", from(1))).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    expect(attackDelaySeconds(THRESHOLD + 40, THRESHOLD)).toBe(MAX_ATTACK_DELAY_SECONDS);
    t.clock.advance(16 * MINUTE);
    expect((await login(user, TEST_PASSWORD, from(1))).statusCode).toBe(200);
  });

  it("keeps refusing the right password from the one address that guessed too often (account and address together)", async () => {
    const user = await buildUser(t.ctx);
    const from = addresses();
    // Ten guesses from one address, each when the slowdown allows it: the `login` rule's most.
    for (let failures = 0; failures < 10; failures++) {
      t.clock.advance(attackDelaySeconds(failures, THRESHOLD) * 1000);
      expect((await login(user, "guess", from(1))).statusCode).toBe(401);
    }
    t.clock.advance(MAX_ATTACK_DELAY_SECONDS * 1000);
    const limited = await login(user, TEST_PASSWORD, from(1));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(MAX_ATTACK_DELAY_SECONDS);
    expect((await login(user, TEST_PASSWORD, from(2))).statusCode).toBe(200);
  });

  it("emails the owner once when the account comes under attack, through the outbox", async () => {
    const user = await buildUser(t.ctx);
    const from = addresses();
    for (let i = 1; i < THRESHOLD; i++) expect((await login(user, "guess", from(i))).statusCode).toBe(401);
    expect(await attackEmails(user)).toHaveLength(0);
    for (let i = THRESHOLD; i < THRESHOLD + 6; i++) expect((await login(user, "guess", from(i))).statusCode).toBe(401);
    const sent = await attackEmails(user);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(copy.loginUnderAttackEmail.subject);
    expect(sent[0]!.text).toContain(copy.loginUnderAttackEmail.attempts(THRESHOLD));
    expect(sent[0]!.text).toContain(copy.loginUnderAttackEmail.notLocked);
    // A second wave after the window: still the one email that day.
    t.clock.advance(16 * MINUTE);
    for (let i = 0; i < THRESHOLD + 1; i++) await login(user, "guess", from(50 + i));
    expect(await attackEmails(user)).toHaveLength(1);
  });
});
