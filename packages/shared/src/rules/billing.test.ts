import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  annualFromMonthly,
  annualSavingPercent,
  applyPercentOff,
  billedQuantity,
  chooseCurrency,
  couponApplies,
  currencyForCountry,
  deriveSubscriptionFlags,
  dueTrialNotice,
  findCoupon,
  hasOpenSubscription,
  interpolateTotals,
  isSubscriptionActiveSystem,
  nextBillingDate,
  priceForQuantity,
  scaleTotals,
  showsReviewInvitation,
  unitLabelFor,
} from "./billing.ts";

const DAY = 86_400_000;

describe("billing rules", () => {
  it("bills max(1, billable properties) (BILL-17, OPEN-06)", () => {
    expect([0, 1, 7].map(billedQuantity)).toEqual([1, 1, 7]);
    fc.assert(fc.property(fc.integer({ min: -5, max: 10_000 }), (n) => billedQuantity(n) === Math.max(1, n)));
  });

  it("picks the currency: DefaultCurrency fixed, else the pick, else gb/euro/au from the IP country, else usd (BILL-03…05)", () => {
    expect(["GB", "DE", "fr", "IE", "AU", "US", "JP", null].map(currencyForCountry)).toEqual([
      "gbp",
      "eur",
      "eur",
      "eur",
      "aud",
      "usd",
      "usd",
      "usd",
    ]);
    expect(chooseCurrency({ defaultCurrency: "aud", requested: "usd", country: "GB" })).toEqual({
      currency: "aud",
      fixed: true,
    });
    expect(chooseCurrency({ defaultCurrency: null, requested: "eur", country: "GB" })).toEqual({
      currency: "eur",
      fixed: false,
    });
    expect(chooseCurrency({ defaultCurrency: "xyz", country: "GB" })).toEqual({ currency: "gbp", fixed: false });
  });

  it("sets the next billing date 30 / 366 days ahead (BILL-25, XCUT-57)", () => {
    const from = new Date("2026-01-31T10:00:00Z");
    expect(nextBillingDate(from, "monthly").toISOString()).toBe("2026-03-02T10:00:00.000Z");
    expect(nextBillingDate(from, "annual").getTime() - from.getTime()).toBe(366 * DAY);
  });

  it("gives P10 10 % off during the first year only (BILL-18, OPEN-32)", () => {
    expect(findCoupon(" p10 ")).toEqual({ code: "P10", percentOff: 10, months: 12 });
    expect(findCoupon("NOPE")).toBeNull();
    expect(applyPercentOff(8900, 10)).toBe(8010);
    // The "SAVE n%" label compares the prices it names: USD $89 against 12 × $8.99 (BILL-11).
    expect(annualSavingPercent(8900, 899)).toBe(17.5);
    expect(annualSavingPercent(6900, 699)).toBe(17.7);
    expect(annualSavingPercent(8091, 899)).toBe(25);
    expect(annualSavingPercent(8000, 1000)).toBe(33.3);
    expect(annualSavingPercent(12000, 1000)).toBeNull();
    expect(annualSavingPercent(12500, 1000)).toBeNull();
    const start = new Date("2026-01-01T00:00:00Z");
    expect(couponApplies(start, new Date("2026-12-31T00:00:00Z"), 12)).toBe(true);
    expect(couponApplies(start, new Date("2027-01-01T00:00:00Z"), 12)).toBe(false);
  });

  it("prices tiered, per-unit and per-quantity tables, continuing past the table", () => {
    expect(priceForQuantity({ kind: "tiered", tier1Unit: 799, tier2Unit: 499, tier3Unit: 399 }, 5)).toBe(
      799 + 499 + 3 * 399,
    );
    expect(priceForQuantity({ kind: "per-unit", unit: 2891 }, 2)).toBe(5782);
    expect(priceForQuantity({ kind: "per-quantity", amounts: [100, 150, 190] }, 5)).toBe(190 + 2 * 40);
  });

  it("fills tables exactly at the anchors and monotonically between them (docs/decisions/004)", () => {
    const monthly = interpolateTotals({ 1: 899, 2: 1329, 200: 45159 });
    expect([monthly[0], monthly[1], monthly[199]]).toEqual([899, 1329, 45159]);
    const annual = annualFromMonthly(monthly, 8900, 432600);
    expect([annual[0], annual[199]]).toEqual([8900, 432600]);
    expect(scaleTotals(monthly, 699)[0]).toBe(699);
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5000 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1000, max: 900_000 }),
        (first, step, last) => {
          const t = interpolateTotals({ 1: first, 2: first + step, 200: first + step + last });
          for (let i = 1; i < t.length; i++) expect(t[i]).toBeGreaterThan(t[i - 1]!);
        },
      ),
    );
  });

  it("labels units and derives the account flags from the provider status (BILL-15, OPEN-07/08)", () => {
    expect([unitLabelFor("gbp", false), unitLabelFor("usd", true), unitLabelFor("usd", false)]).toEqual([
      "guide",
      "guide",
      "property",
    ]);
    expect(deriveSubscriptionFlags("trialing")).toEqual({ hasSubscription: true, cardOnFileFailed: false });
    expect(deriveSubscriptionFlags("past_due")).toEqual({ hasSubscription: true, cardOnFileFailed: true });
    expect(deriveSubscriptionFlags("unpaid")).toEqual({ hasSubscription: false, cardOnFileFailed: true });
    expect(deriveSubscriptionFlags("canceled")).toEqual({ hasSubscription: false, cardOnFileFailed: false });
    expect(
      ["trialing", "active", "past_due", "unpaid", "incomplete", "paused", "canceled", "incomplete_expired"].map((s) =>
        hasOpenSubscription("sub_1", s as "active"),
      ),
    ).toEqual([true, true, true, true, true, true, false, false]);
    expect(hasOpenSubscription(null, "active")).toBe(false);
    const now = new Date();
    expect(isSubscriptionActiveSystem({ hasSubscription: false, trialEndsAt: new Date(now.getTime() + 1) }, now)).toBe(
      true,
    );
    expect(isSubscriptionActiveSystem({ hasSubscription: false, trialEndsAt: now }, now)).toBe(false);
    expect(isSubscriptionActiveSystem({ hasSubscription: true, trialEndsAt: null }, now)).toBe(true);
  });

  it("schedules trial reminders 3 days, 1 day and on the day (IMPL-12)", () => {
    const end = new Date("2026-06-10T12:00:00Z");
    const at = (ms: number) => dueTrialNotice(end, new Date(end.getTime() - ms));
    expect([at(4 * DAY), at(2.5 * DAY), at(0.5 * DAY), at(0), at(-2 * DAY), at(-8 * DAY)]).toEqual([
      null,
      "trial-ends-in-3-days",
      "trial-ends-in-1-day",
      "trial-ended",
      "trial-ended",
      null,
    ]);
  });

  it("invites a review only for cancel + no longer manage/own/renting (BILL-46)", () => {
    expect(showsReviewInvitation("cancel", "no-longer-renting")).toBe(true);
    expect(showsReviewInvitation("cancel", "product-value")).toBe(false);
    expect(showsReviewInvitation("pause-1-month", "no-longer-own")).toBe(false);
  });
});
