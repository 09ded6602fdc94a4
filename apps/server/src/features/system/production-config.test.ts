import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@doorstep/shared/constants";
import { configFromEnv, parseEnv, startupWarnings } from "../../env.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildUser, TEST_PASSWORD, uniqueEmail } from "../../test/factories.ts";

describe("production configuration (docs/architecture.md §5)", () => {
  it("a production deployment must say its PUBLIC_URL", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/PUBLIC_URL: is required in production/);
    expect(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://app.example.com" }).PUBLIC_URL).toBe(
      "https://app.example.com",
    );
  });

  it("npm start on this machine (LOCAL_RUN) keeps the localhost default, with a loud warning", () => {
    const env = parseEnv({ NODE_ENV: "production", LOCAL_RUN: "true", PORT: "3000" });
    expect(configFromEnv(env)).toMatchObject({ publicUrl: "http://localhost:3000", localRun: true });
    expect(startupWarnings(env).join("\n")).toMatch(
      /PUBLIC_URL is not set: emailed links point to http:\/\/localhost:3000/,
    );
    expect(startupWarnings(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://app.example.com" }))).toEqual([]);
  });
});

describe("calendar feeds of stays", () => {
  it("poll every 15 minutes by default, or as STAY_FEED_POLL_MINUTES says, and refuse nonsense", () => {
    expect(configFromEnv(parseEnv({})).stayFeeds?.pollMinutes).toBe(15);
    expect(configFromEnv(parseEnv({ STAY_FEED_POLL_MINUTES: "5" })).stayFeeds?.pollMinutes).toBe(5);
    expect(() => parseEnv({ STAY_FEED_POLL_MINUTES: "0" })).toThrow(/STAY_FEED_POLL_MINUTES/);
    expect(() => parseEnv({ ALLOW_PRIVATE_FEEDS: "yes" })).toThrow(/ALLOW_PRIVATE_FEEDS/);
  });

  it("reach private addresses outside production, and in production only with ALLOW_PRIVATE_FEEDS=true", () => {
    const prod = { NODE_ENV: "production", PUBLIC_URL: "https://app.example.com" } as const;
    expect(configFromEnv(parseEnv({})).stayFeeds?.allowPrivate).toBe(true);
    expect(configFromEnv(parseEnv({ NODE_ENV: "test" })).stayFeeds?.allowPrivate).toBe(true);
    expect(configFromEnv(parseEnv(prod)).stayFeeds?.allowPrivate).toBe(false);
    expect(configFromEnv(parseEnv({ ...prod, ALLOW_PRIVATE_FEEDS: "false" })).stayFeeds?.allowPrivate).toBe(false);
    expect(configFromEnv(parseEnv({ ...prod, ALLOW_PRIVATE_FEEDS: "true" })).stayFeeds?.allowPrivate).toBe(true);
  });
});

describe("an https PUBLIC_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: "https://app.example.com", env: "production" } });
  });
  afterAll(() => t.close());

  it("makes the session cookie Secure on sign-up, login and logout", async () => {
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      payload: { firstName: "Sec", email: uniqueEmail(), password: TEST_PASSWORD },
    });
    expect(signUp.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    });
    const user = await buildUser(t.ctx);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie: user.cookie } });
    expect(logout.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
  });

  it("tells browsers to keep to https (HSTS) on API and guide responses", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).headers["strict-transport-security"]).toBe(
      "max-age=31536000",
    );
    expect((await t.app.inject({ method: "GET", url: "/g/no-such-guide" })).headers["strict-transport-security"]).toBe(
      "max-age=31536000",
    );
  });
});

describe("npm start's production build without Stripe keys (LOCAL_RUN)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { env: "production", localRun: true } });
  });
  afterAll(() => t.close());

  it("accepts the local gateway's test card, so billing works from the first command", async () => {
    const user = await buildUser(t.ctx);
    const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
    const res = await t.app.inject({
      method: "POST",
      url: "/api/billing/local/payment-methods",
      headers: { cookie: user.cookie },
      payload: card,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().paymentMethod).toMatchObject({ last4: "4242" });
  });
});
