import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryRateLimitStore, createRateLimiter } from "../../lib/rate-limiter.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildUser, TEST_PASSWORD, uniqueEmail } from "../../test/factories.ts";

const WINDOW = 60_000;
let t: TestApp;
// The limiter reads the test clock, so windows pass by advancing it: no sleeps, no flakiness under load.
let clockMs = Date.now();
beforeAll(async () => {
  const rule = { max: 3, windowMs: WINDOW };
  t = await createTestApp({
    // Client addresses come from X-Forwarded-For, so one test can log in "from" several IPs.
    config: { trustProxy: true },
    configure: (config) => ({
      ...config,
      rateLimits: {
        ...config.rateLimits,
        login: rule,
        loginPerIp: { max: 50, windowMs: WINDOW },
        loginAttack: { max: 5, windowMs: WINDOW },
        signUp: rule,
        forgotPassword: rule,
        resetPassword: rule,
        passwordChange: rule,
        emailChange: rule,
      },
    }),
    overrides: { rateLimiter: createRateLimiter(createMemoryRateLimitStore(() => clockMs)) },
  });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers });
const sleep = async (ms: number) => void (clockMs += ms);

describe("rate limits (docs/architecture.md §5, IMPL-31, OPEN-15)", () => {
  it("answers 429 RATE_LIMITED after repeated bad logins, and recovers after the window", async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 3; i++)
      expect((await post("/api/auth/login", { email: user.email, password: "bad-password" })).statusCode).toBe(401);
    const limited = await post("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    // Another email from the same address is not locked out by this one.
    const other = await buildUser(t.ctx);
    expect((await post("/api/auth/login", { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    await sleep(WINDOW + 100);
    expect((await post("/api/auth/login", { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it("limits sign-up, forgot-password and reset-password", async () => {
    await sleep(WINDOW + 100);
    const signUps = [];
    for (let i = 0; i < 4; i++)
      signUps.push(
        (await post("/api/auth/sign-up", { firstName: "R", email: uniqueEmail(), password: TEST_PASSWORD })).statusCode,
      );
    expect(signUps).toEqual([201, 201, 201, 429]);

    const user = await buildUser(t.ctx);
    const forgot = [];
    for (let i = 0; i < 4; i++)
      forgot.push((await post("/api/auth/forgot-password", { email: user.email })).statusCode);
    expect(forgot).toEqual([200, 200, 200, 429]);

    await sleep(WINDOW + 100);
    const reset = [];
    for (let i = 0; i < 4; i++)
      reset.push(
        (await post("/api/auth/reset-password", { email: user.email, token: "bogus", password: "whatever-long" }))
          .statusCode,
      );
    expect(reset).toEqual([400, 400, 400, 429]);
  });

  it("limits password changes and email changes per user", async () => {
    await sleep(WINDOW + 100);
    const user = await buildUser(t.ctx);
    const put = (url: string, payload: object, cookie = user.cookie) =>
      t.app.inject({ method: "PUT", url, payload, headers: { cookie } });
    const password = [];
    for (let i = 0; i < 4; i++)
      password.push(
        (await put("/api/me/password", { currentPassword: "wrong-guess", newPassword: "a-new-password-1" })).statusCode,
      );
    expect(password).toEqual([400, 400, 400, 429]);
    // Even the right password waits for the window: the limit is on tries, not on failures.
    const right = await put("/api/me/password", { currentPassword: TEST_PASSWORD, newPassword: "a-new-password-1" });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);

    const email = [];
    for (let i = 0; i < 4; i++) email.push((await put("/api/me/email", { email: "not-an-email" })).statusCode);
    expect(email).toEqual([400, 400, 400, 429]);
    // Per user: someone else can still change theirs.
    const other = await buildUser(t.ctx);
    expect((await put("/api/me/email", { email: uniqueEmail("moved") }, other.cookie)).statusCode).toBe(204);
  });
});
