import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseHomeBanner, countdownTo } from "./banner.ts";
import { isAcceptableEmail, isBlockedEmailDomain, normalizeEmail } from "./email.ts";
import { checkPassword } from "./password.ts";

describe("email rules (AUTH-05, AUTH-09, AUTH-25)", () => {
  it("normalises by trimming and lower-casing", () => {
    expect(normalizeEmail("  Ann@Example.COM ")).toBe("ann@example.com");
  });

  it.each([
    ["ann@mailinator.com", true],
    ["ann@sub.mailinator.com", true],
    ["ann@MAILINATOR.com", true],
    ["ann@example.tk", true],
    ["ann@example.com", false],
    ["ann@notmailinator.com", false],
  ])("blocks %s: %s", (email, blocked) => {
    expect(isBlockedEmailDomain(email)).toBe(blocked);
  });

  it("accepts only well-formed, unblocked addresses", () => {
    expect(isAcceptableEmail("host@example.com")).toBe(true);
    expect(isAcceptableEmail("host@")).toBe(false);
    expect(isAcceptableEmail("host example.com")).toBe(false);
    expect(isAcceptableEmail("host@yopmail.com")).toBe(false);
  });
});

describe("password policy (OPEN-14)", () => {
  it("wants 8 to 128 characters that are not a common password", () => {
    expect(checkPassword("short")).toBe("too-short");
    expect(checkPassword("x".repeat(129))).toBe("too-long");
    expect(checkPassword("Password123")).toBe("common");
    expect(checkPassword("correct-horse-battery")).toBeNull();
  });
});

describe("home banner precedence (HOME-03…07, OPEN-72)", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const future = "2026-11-30T12:00:00Z";
  const past = "2026-11-01T12:00:00Z";
  it.each([
    [{ trialEndsAt: future, hasSubscription: false, paymentFailed: false, isMaster: true }, "trial-countdown"],
    [{ trialEndsAt: past, hasSubscription: false, paymentFailed: false, isMaster: true }, "trial-ended"],
    [{ trialEndsAt: null, hasSubscription: false, paymentFailed: false, isMaster: true }, "trial-ended"],
    [{ trialEndsAt: past, hasSubscription: true, paymentFailed: true, isMaster: true }, "payment-failed"],
    // unpaid: guides offline, but a subscription exists (OPEN-07), so not "Your free trial has ended…" (HOME-06).
    [{ trialEndsAt: past, hasSubscription: false, paymentFailed: true, isMaster: true }, "payment-failed"],
    [{ trialEndsAt: future, hasSubscription: true, paymentFailed: false, isMaster: true }, "referral"],
    [{ trialEndsAt: future, hasSubscription: true, paymentFailed: false, isMaster: false }, "none"],
  ] as const)("%o → %s", (input, banner) => {
    expect(chooseHomeBanner(input, now)).toBe(banner);
  });

  it("splits the time left into days, hours, minutes and seconds that add back up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400 }), (seconds) => {
        const now = new Date(0);
        const c = countdownTo(new Date(seconds * 1000), now);
        expect(c.hours).toBeLessThan(24);
        expect(c.minutes).toBeLessThan(60);
        expect(c.seconds).toBeLessThan(60);
        expect(c.days * 86400 + c.hours * 3600 + c.minutes * 60 + c.seconds).toBe(seconds);
      }),
    );
    expect(countdownTo(new Date(0), new Date(5000))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
