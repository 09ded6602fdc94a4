import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copy } from "../copy.ts";
import {
  claimExpiresAt,
  instalmentDueAt,
  referralStatus,
  rewardConfirmableAt,
  rewardFlags,
  splitReward,
  type PayoutStatus,
} from "./referrals.ts";

const now = new Date("2026-11-24T12:00:00Z");
const future = "2026-12-01T00:00:00.000Z";
const past = "2026-11-01T00:00:00.000Z";
const base = { rewardCredited: false, rewardClaimable: false, activeSubscriber: false, trialEndDate: null };

describe("referral row status (REF-06…10)", () => {
  it.each([
    [
      { ...base, rewardCredited: true, rewardClaimable: true, activeSubscriber: true },
      "Confirmed, reward payment completed",
    ],
    [{ ...base, rewardClaimable: true, activeSubscriber: true }, "Confirmed, you can now claim your reward"],
    [{ ...base, activeSubscriber: true, trialEndDate: future }, "Subscribed. First month not completed yet"],
    [{ ...base, trialEndDate: future }, "In trial period, not subscribed yet"],
    [{ ...base, trialEndDate: past }, "Trial ended, not subscribed yet"],
    [base, "Trial ended, not subscribed yet"],
  ])("%o reads %s", (flags, text) => {
    expect(copy.referrals.status[referralStatus(flags, now)]).toBe(text);
  });

  it("reads a trial ending this very instant as ended", () => {
    expect(referralStatus({ ...base, trialEndDate: now.toISOString() }, now)).toBe("trialEnded");
  });
});

describe("reward instalments (REF-18, OPEN-23)", () => {
  it("pays an annual subscriber's reward in one payment and a monthly one in equal parts", () => {
    expect(splitReward(2000, "annual", 4)).toEqual([2000]);
    expect(splitReward(2000, "monthly", 4)).toEqual([500, 500, 500, 500]);
    expect(splitReward(1000, "monthly", 3)).toEqual([334, 333, 333]);
  });

  it("never counts twice and is never negative: the parts sum to the reward", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 10_000_000 }),
        fc.constantFrom("monthly" as const, "annual" as const),
        fc.integer({ min: -2, max: 36 }),
        (total, cycle, count) => {
          const parts = splitReward(total, cycle, count);
          expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(Math.max(0, total));
          expect(parts.length).toBe(cycle === "annual" ? 1 : Math.max(1, count));
          // Equal parts: no instalment is more than one minor unit from another but the first.
          expect(Math.max(...parts.slice(1), 0) - Math.min(...parts.slice(1), Infinity)).toBeLessThanOrEqual(0);
        },
      ),
    );
  });

  it("dates: 35 paid days, instalments 30 days apart, 90 days to claim (XCUT-58)", () => {
    const paid = new Date("2026-01-01T00:00:00Z");
    expect(rewardConfirmableAt(paid).toISOString()).toBe("2026-02-05T00:00:00.000Z");
    expect(instalmentDueAt(paid, 0)).toEqual(paid);
    expect(instalmentDueAt(paid, 2).toISOString()).toBe("2026-03-02T00:00:00.000Z");
    expect(claimExpiresAt(paid).toISOString()).toBe("2026-04-01T00:00:00.000Z");
  });
});

describe("row flags from the instalments (decision 018)", () => {
  const statuses: PayoutStatus[] = ["scheduled", "claimable", "paid", "expired", "cancelled"];
  it("is claimable while an instalment waits, credited once one is paid and none waits, never both", () => {
    expect(rewardFlags([])).toEqual({ rewardClaimable: false, rewardCredited: false });
    expect(rewardFlags([{ status: "paid" }, { status: "scheduled" }])).toEqual({
      rewardClaimable: false,
      rewardCredited: true,
    });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...statuses).map((status) => ({ status }))), (payouts) => {
        const flags = rewardFlags(payouts);
        expect(flags.rewardClaimable && flags.rewardCredited).toBe(false);
        expect(flags.rewardClaimable).toBe(payouts.some((p) => p.status === "claimable"));
      }),
    );
  });
});
