import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commissionFor,
  commissionsFor,
  commissionWindowEnd,
  DEFAULT_USD_RATES,
  exchangeRate,
  trackingLabelFor,
  type CommissionSettings,
  type PaidInvoice,
} from "./affiliates.ts";
import { CURRENCIES } from "./billing.ts";

const FIRST = new Date("2026-01-10T12:00:00Z");
const percent: CommissionSettings = { model: "percentage", percentage: 25, amount: 0, months: 12, currency: "usd" };
const invoice = (over: Partial<PaidInvoice> = {}): PaidInvoice => ({
  id: "in_1",
  paidAt: FIRST,
  amountPaid: 1900,
  currency: "usd",
  ...over,
});

describe("commissionFor (AFF-16, IMPL-19)", () => {
  it("takes the percentage of what was paid after discounts, converted at the stored rate", () => {
    expect(commissionFor(invoice(), percent, FIRST, DEFAULT_USD_RATES)).toEqual({
      invoiceId: "in_1",
      invoiceCommission: 475,
      amount: 475,
      currency: "usd",
      rate: "1",
    });
    const gbp = commissionFor(invoice({ currency: "gbp", amountPaid: 1000 }), percent, FIRST, DEFAULT_USD_RATES)!;
    expect(gbp.invoiceCommission).toBe(250);
    expect(gbp.rate).toBe(exchangeRate(DEFAULT_USD_RATES, "gbp", "usd"));
    expect(gbp.amount).toBe(Math.round(250 * Number(gbp.rate)));
  });

  it("pays a fixed amount per paid invoice in the affiliate's currency, within the months only", () => {
    const fixed: CommissionSettings = { ...percent, model: "fixed", amount: 500, months: 2, currency: "eur" };
    expect(commissionFor(invoice(), fixed, FIRST, DEFAULT_USD_RATES)).toMatchObject({ amount: 500, currency: "eur" });
    const later = new Date(commissionWindowEnd(FIRST, 2).getTime());
    expect(commissionFor(invoice({ paidAt: later }), fixed, FIRST, DEFAULT_USD_RATES)).toBeNull();
    expect(
      commissionFor(invoice({ paidAt: new Date(later.getTime() - 1) }), fixed, FIRST, DEFAULT_USD_RATES),
    ).not.toBeNull();
  });

  it("earns nothing on a free invoice or one before the first paid invoice", () => {
    expect(commissionFor(invoice({ amountPaid: 0 }), percent, FIRST, DEFAULT_USD_RATES)).toBeNull();
    expect(
      commissionFor(invoice({ paidAt: new Date(FIRST.getTime() - 1) }), percent, FIRST, DEFAULT_USD_RATES),
    ).toBeNull();
  });

  const currency = fc.constantFrom(...CURRENCIES);
  const settings = fc.record({
    model: fc.constantFrom("percentage" as const, "fixed" as const),
    percentage: fc.integer({ min: -10, max: 150 }),
    amount: fc.integer({ min: -1000, max: 100_000 }),
    months: fc.integer({ min: 0, max: 36 }),
    currency,
  });
  const invoices = fc.array(
    fc.record({
      id: fc.constantFrom("in_a", "in_b", "in_c", "in_d", "in_e"),
      paidAt: fc.date({ min: new Date("2025-06-01"), max: new Date("2029-01-01"), noInvalidDate: true }),
      amountPaid: fc.integer({ min: -5000, max: 1_000_000 }),
      currency,
    }),
    { maxLength: 30 },
  );

  it("never counts an invoice twice and never goes negative, however the invoices are replayed (fast-check)", () => {
    fc.assert(
      fc.property(invoices, settings, (list, s) => {
        const once = commissionsFor(list, s, FIRST, DEFAULT_USD_RATES);
        const ids = once.map((c) => c.invoiceId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const c of once) {
          expect(c.amount).toBeGreaterThan(0);
          expect(c.invoiceCommission).toBeGreaterThanOrEqual(0);
          expect(c.currency).toBe(s.currency);
        }
        // Replayed and reordered deliveries earn exactly the same.
        const replayed = commissionsFor([...list, ...list].reverse(), s, FIRST, DEFAULT_USD_RATES);
        expect(new Set(replayed.map((c) => c.invoiceId))).toEqual(
          new Set(commissionsFor([...list].reverse(), s, FIRST, DEFAULT_USD_RATES).map((c) => c.invoiceId)),
        );
      }),
    );
  });

  it("a percentage commission is never more than the invoice paid", () => {
    fc.assert(
      fc.property(invoices, settings, (list, s) => {
        for (const inv of list) {
          const c = commissionFor(inv, { ...s, model: "percentage" }, FIRST, DEFAULT_USD_RATES);
          if (c) expect(c.invoiceCommission).toBeLessThanOrEqual(inv.amountPaid);
        }
      }),
    );
  });
});

describe("trackingLabelFor (OPEN-25)", () => {
  it("is the first name's letters and digits, lower-case, then the digits", () => {
    expect(trackingLabelFor("Anne-Marie", "4821")).toBe("annemarie4821");
    expect(trackingLabelFor("Zoë", "12")).toBe("zoe12");
    expect(trackingLabelFor("李", "7")).toBe("partner7");
  });
});
