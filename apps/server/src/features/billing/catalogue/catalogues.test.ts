import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCIES, priceForQuantity, type PlanPricing } from "@doorstep/shared/rules/billing";
import { allPlanSeeds, MAIN_ANCHORS, mainTables } from "./catalogues.ts";

const plan = (key: string) => allPlanSeeds().find((p) => p.key === key)!;
const price = (key: string, q: number) => priceForQuantity(plan(key).pricing as PlanPricing, q);

describe("the plan catalogue (BILL-09…16, OPEN-02/03)", () => {
  it("keeps every given point of the main list exact (BILL-09/10)", () => {
    expect([price("main-usd-monthly", 1), price("main-usd-monthly", 2), price("main-usd-monthly", 200)]).toEqual([
      899, 1329, 45159,
    ]);
    expect([price("main-usd-annual", 1), price("main-usd-annual", 200)]).toEqual([8900, 432600]);
    for (const c of ["gbp", "eur", "aud"] as const) {
      expect(price(`main-${c}-monthly`, 1)).toBe(MAIN_ANCHORS[c].monthly);
      expect(price(`main-${c}-annual`, 1)).toBe(MAIN_ANCHORS[c].annual);
    }
  });

  it("has 200 strictly increasing integer totals for every currency and cycle, annual cheaper than 12 months", () => {
    const tables = mainTables();
    for (const currency of CURRENCIES) {
      for (const cycle of ["monthly", "annual"] as const) {
        const t = tables[currency][cycle];
        expect(t).toHaveLength(200);
        t.forEach((amount, i) => {
          expect(Number.isInteger(amount)).toBe(true);
          if (i > 0) expect(amount, `${currency} ${cycle} ${i + 1}`).toBeGreaterThan(t[i - 1]!);
        });
      }
      tables[currency].annual.forEach((a, i) => expect(a).toBeLessThan(tables[currency].monthly[i]! * 12));
    }
  });

  it("prices every list for any quantity, monotonically (property test)", () => {
    const plans = allPlanSeeds();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: plans.length - 1 }), fc.integer({ min: 1, max: 400 }), (i, q) => {
        const pricing = plans[i]!.pricing as PlanPricing;
        expect(priceForQuantity(pricing, q + 1)).toBeGreaterThan(priceForQuantity(pricing, q));
      }),
    );
  });

  it("carries the legacy tiered, promotional and per-unit lists as given (BILL-12…14)", () => {
    expect([1, 2, 3, 4].map((q) => price("unit-pricing-usd-monthly", q))).toEqual([
      799,
      799 + 499,
      799 + 499 + 399,
      799 + 499 + 399 * 2,
    ]);
    expect(price("unit-pricing-gbp-monthly", 3)).toBe(601 * 3);
    expect(price("unit-pricing-eur-annual", 1)).toBe(6291);
    expect(priceForQuantity(plan("unit-pricing-aud-annual").renewalPricing!, 2)).toBe(13499 + 9108);
    expect(plan("unit-pricing-gbp-annual").saveMessage).toBe("SAVE 20%");
    expect(plan("promotional-usd-annual").specialOffer).toBe("SAVE 25% - Ends 28th Nov");
    expect([price("gbp-2020-gbp-monthly", 1), price("gbp-2020-gbp-annual", 1)]).toEqual([600, 5767]);
    expect(price("per-unit-2024-usd-annual", 3)).toBe(2891 * 3);
  });

  it("labels units guide for gbp and unit-pricing plans, else property, and marks filled lists to be confirmed (BILL-15)", () => {
    expect(plan("main-gbp-monthly").unitLabel).toBe("guide");
    expect(plan("main-usd-monthly").unitLabel).toBe("property");
    expect(plan("unit-pricing-usd-monthly").unitLabel).toBe("guide");
    expect(plan("main-eur-annual")).toMatchObject({ toBeConfirmed: true, saveMessage: "SAVE 20%" });
  });
});
