import Stripe from "stripe";
import { NEXT_BILLING_DAYS, type BillingCycle } from "@doorstep/shared/rules/billing";
import { isMissing } from "./stripe-client.ts";

/** The unit amount that makes `amount` for `quantity`, as Stripe's decimal string (sub-cent units allowed). */
export const unitAmount = (amount: number, quantity: number): Stripe.Decimal =>
  Stripe.Decimal.from((amount / quantity).toFixed(10).replace(/\.?0+$/, ""));

/** BILL-25, XCUT-57: every period is 30 or 366 days, as the local gateway bills (not calendar months or years). */
const recurring = (cycle: BillingCycle) => ({ interval: "day" as const, interval_count: NEXT_BILLING_DAYS[cycle] });

/** What a subscription item is priced from: a mirrored provider price, or the plan and the exact total. */
export interface ItemPrice {
  providerPriceRef: string | null;
  planKey: string;
  currency: string;
  cycle: BillingCycle;
  quantity: number;
  amount: number;
}

/** A subscription item's price: a stored price by id, or one inline with the exact unit amount. */
type SubscriptionItem =
  | { price: string; quantity: number }
  | {
      quantity: number;
      price_data: {
        currency: string;
        product: string;
        unit_amount_decimal: Stripe.Decimal;
        recurring: { interval: "day"; interval_count: number };
      };
    };

export interface StripeCatalog {
  /** The subscription item: the mirrored price, or an inline price whose unit amount makes the exact total. */
  item(input: ItemPrice): Promise<SubscriptionItem>;
  /** BILL-18, OPEN-32: our coupon as a Stripe coupon of the same id (P10 = 10 % off for the first 12 months), made once. */
  ensureCoupon(coupon: { code: string; percentOff: number; months: number }): Promise<string>;
}

/** The products and coupons our subscriptions refer to, each made in Stripe once and remembered per process. */
export function createStripeCatalog(stripe: Stripe): StripeCatalog {
  const products = new Map<string, string>();
  const coupons = new Set<string>();

  /** One product per plan for inline prices when no provider price mirrors the plan yet. */
  async function ensureProduct(planKey: string): Promise<string> {
    const cached = products.get(planKey);
    if (cached) return cached;
    const id = `doorstep-${planKey}`;
    try {
      await stripe.products.retrieve(id);
    } catch (error) {
      if (!isMissing(error)) throw error;
      await stripe.products.create({ id, name: `Doorstep ${planKey}` }, { idempotencyKey: `product-${planKey}` });
    }
    products.set(planKey, id);
    return id;
  }

  return {
    async item(input) {
      if (input.providerPriceRef) return { price: input.providerPriceRef, quantity: input.quantity };
      return {
        quantity: input.quantity,
        price_data: {
          currency: input.currency,
          product: await ensureProduct(input.planKey),
          unit_amount_decimal: unitAmount(input.amount, input.quantity),
          recurring: recurring(input.cycle),
        },
      };
    },

    async ensureCoupon(coupon) {
      if (coupons.has(coupon.code)) return coupon.code;
      try {
        await stripe.coupons.retrieve(coupon.code);
      } catch (error) {
        if (!isMissing(error)) throw error;
        await stripe.coupons.create(
          {
            id: coupon.code,
            name: `${coupon.percentOff}% off the first ${coupon.months} months`,
            percent_off: coupon.percentOff,
            duration: "repeating",
            duration_in_months: coupon.months,
          },
          { idempotencyKey: `coupon-${coupon.code}-${coupon.percentOff}-${coupon.months}` },
        );
      }
      coupons.add(coupon.code);
      return coupon.code;
    },
  };
}
