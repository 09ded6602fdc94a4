import { copy } from "@doorstep/shared/copy";
import {
  annualFromMonthly,
  CURRENCIES,
  interpolateTotals,
  scaleTotals,
  type BillingCycle,
  type Currency,
  type PlanPricing,
} from "@doorstep/shared/rules/billing";

/**
 * The price lists of D1§9 as data (BILL-09…16, OPEN-02). Given points are exact; the main list's missing
 * points follow docs/decisions/004-price-points.md and are marked to be confirmed (OPEN-03). The seed
 * step (catalogue.seed.ts) upserts these rows into billing_plans at boot.
 */
export interface PlanSeed {
  key: string;
  catalogue: CatalogueName;
  name: string;
  unitLabel: "guide" | "property";
  cycle: BillingCycle;
  currency: Currency;
  pricing: PlanPricing;
  renewalPricing: PlanPricing | null;
  saveMessage: string | null;
  specialOffer: string | null;
  toBeConfirmed: boolean;
}

export const CATALOGUES = ["main", "promotional", "unit-pricing", "gbp-2020", "per-unit-2024"] as const;
export type CatalogueName = (typeof CATALOGUES)[number];

/** The given points of the main list, minor units (BILL-09/10). */
export const MAIN_ANCHORS = {
  usd: { monthly: { 1: 899, 2: 1329, 200: 45159 }, annual: { 1: 8900, 200: 432600 } },
  gbp: { monthly: 699, annual: 6900 },
  eur: { monthly: 889, annual: 8500 },
  aud: { monthly: 1449, annual: 13900 },
} as const;

const CYCLE_NAME: Record<BillingCycle, string> = { monthly: "Monthly", annual: "Annual" };

/** The main per-quantity tables 1…200 for every currency and cycle. */
export function mainTables(): Record<Currency, Record<BillingCycle, number[]>> {
  const usdMonthly = interpolateTotals(MAIN_ANCHORS.usd.monthly);
  const usdAnnual = annualFromMonthly(usdMonthly, MAIN_ANCHORS.usd.annual[1], MAIN_ANCHORS.usd.annual[200]);
  const scaled = (c: "gbp" | "eur" | "aud") => ({
    monthly: scaleTotals(usdMonthly, MAIN_ANCHORS[c].monthly),
    annual: scaleTotals(usdAnnual, MAIN_ANCHORS[c].annual),
  });
  return {
    usd: { monthly: usdMonthly, annual: usdAnnual },
    gbp: scaled("gbp"),
    eur: scaled("eur"),
    aud: scaled("aud"),
  };
}

const unitLabel = (currency: Currency, unitPricing = false) =>
  currency === "gbp" || unitPricing ? "guide" : "property";

function mainList(): PlanSeed[] {
  const tables = mainTables();
  return CURRENCIES.flatMap((currency) =>
    (["monthly", "annual"] as const).map((cycle) => ({
      key: `main-${currency}-${cycle}`,
      catalogue: "main" as const,
      name: `${CYCLE_NAME[cycle]} plan`,
      unitLabel: unitLabel(currency),
      cycle,
      currency,
      pricing: { kind: "per-quantity" as const, amounts: tables[currency][cycle] },
      renewalPricing: null,
      saveMessage: cycle === "annual" ? copy.billing.saveMessage : null,
      specialOffer: null,
      toBeConfirmed: true,
    })),
  );
}

/** Promotional list (BILL-14): annual at 25 % off twelve months of the main list, renewing at the main annual price. */
function promotionalList(): PlanSeed[] {
  const tables = mainTables();
  return CURRENCIES.flatMap((currency) => {
    const monthly = tables[currency].monthly;
    return [
      {
        ...mainList().find((p) => p.key === `main-${currency}-monthly`)!,
        key: `promotional-${currency}-monthly`,
        catalogue: "promotional" as const,
      },
      {
        key: `promotional-${currency}-annual`,
        catalogue: "promotional" as const,
        name: "Annual plan",
        unitLabel: unitLabel(currency),
        cycle: "annual" as const,
        currency,
        pricing: { kind: "per-quantity" as const, amounts: monthly.map((m) => Math.round(m * 12 * 0.75)) },
        renewalPricing: { kind: "per-quantity" as const, amounts: tables[currency].annual },
        saveMessage: copy.billing.promotionalSaveMessage,
        specialOffer: copy.billing.promotionalSaveMessage,
        toBeConfirmed: true,
      },
    ];
  });
}

type Tiers = [number, number, number];
const tiered = ([tier1Unit, tier2Unit, tier3Unit]: Tiers): PlanPricing => ({
  kind: "tiered",
  tier1Unit,
  tier2Unit,
  tier3Unit,
});

/** Legacy unit-pricing tiered list (BILL-12/13), given exactly; renewal prices where D1 gives them. */
const UNIT_PRICING: Record<Currency, { monthly: Tiers; annual: Tiers; renewal: Tiers | null }> = {
  usd: { monthly: [799, 499, 399], annual: [6291, 4221, 3141], renewal: [8999, 5688, 4548] },
  gbp: { monthly: [601, 601, 601], annual: [5768, 5768, 5768], renewal: null },
  eur: { monthly: [699, 469, 349], annual: [6291, 4221, 3141], renewal: [7969, 5346, 3978] },
  aud: { monthly: [1199, 799, 599], annual: [10791, 7191, 5391], renewal: [13499, 9108, 6828] },
};

function unitPricingList(): PlanSeed[] {
  return CURRENCIES.flatMap((currency) => {
    const row = UNIT_PRICING[currency];
    return (["monthly", "annual"] as const).map((cycle) => ({
      key: `unit-pricing-${currency}-${cycle}`,
      catalogue: "unit-pricing" as const,
      name: `${CYCLE_NAME[cycle]} plan`,
      unitLabel: unitLabel(currency, true),
      cycle,
      currency,
      pricing: tiered(row[cycle]),
      renewalPricing: cycle === "annual" && row.renewal ? tiered(row.renewal) : null,
      saveMessage: cycle === "annual" && currency === "gbp" ? copy.billing.saveMessage : null,
      specialOffer: null,
      toBeConfirmed: false,
    }));
  });
}

/** "Another list" (BILL-14): gbp monthly 6, annual 57.67, per guide. */
function gbp2020List(): PlanSeed[] {
  return (["monthly", "annual"] as const).map((cycle) => ({
    key: `gbp-2020-gbp-${cycle}`,
    catalogue: "gbp-2020" as const,
    name: `${CYCLE_NAME[cycle]} plan`,
    unitLabel: "guide" as const,
    cycle,
    currency: "gbp" as const,
    pricing: { kind: "per-unit" as const, unit: cycle === "monthly" ? 600 : 5767 },
    renewalPricing: null,
    saveMessage: cycle === "annual" ? copy.billing.saveMessage : null,
    specialOffer: null,
    toBeConfirmed: false,
  }));
}

/** The newer per-unit annual table (BILL-14): usd 28.91 per property, annual only. */
function perUnit2024List(): PlanSeed[] {
  return [
    {
      key: "per-unit-2024-usd-annual",
      catalogue: "per-unit-2024",
      name: "Annual plan",
      unitLabel: "property",
      cycle: "annual",
      currency: "usd",
      pricing: { kind: "per-unit", unit: 2891 },
      renewalPricing: null,
      saveMessage: null,
      specialOffer: null,
      toBeConfirmed: false,
    },
  ];
}

/** Every plan of every named list. */
export function allPlanSeeds(): PlanSeed[] {
  return [...mainList(), ...promotionalList(), ...unitPricingList(), ...gbp2020List(), ...perUnit2024List()];
}
