import type Stripe from "stripe";
import type { SubscriptionStatus } from "@doorstep/shared/rules/billing";
import type { NewSubscription, QuantityChange, SubscriptionSnapshot } from "./payment-gateway.ts";
import { unitAmount, type StripeCatalog } from "./stripe-catalog.ts";
import { idOf, toDate } from "./stripe-client.ts";

/** Subscription metadata for BILL-13 renewal prices: the total per cycle from the second paid period, and whether it is in place. */
const RENEWAL_AMOUNT = "renewal_amount";
const RENEWAL_APPLIED = "renewal_applied";

export function snapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items.data[0];
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    ref: sub.id,
    customerRef: idOf(sub.customer) ?? "",
    status: sub.status as SubscriptionStatus,
    quantity: item?.quantity ?? 1,
    currentPeriodStart: toDate(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end ?? legacy.current_period_end),
    trialEnd: toDate(sub.trial_end),
    renewalPending: Boolean(sub.metadata?.[RENEWAL_AMOUNT]) && sub.metadata?.[RENEWAL_APPLIED] !== "true",
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
  };
}

/** Metadata for a renewal total that differs from the first period's. */
const renewalMetadata = (amount: number, renewalAmount: number | null): Record<string, string> =>
  renewalAmount !== null && renewalAmount !== amount ? { [RENEWAL_AMOUNT]: String(renewalAmount) } : {};

/**
 * BILL-13: the first paid period is billed; from the next one the renewal total applies. The item's
 * price is swapped without proration, so the period already invoiced keeps its price.
 */
export async function applyRenewal(stripe: Stripe, sub: Stripe.Subscription): Promise<SubscriptionSnapshot> {
  const current = sub.items.data[0];
  const amount = Number(sub.metadata?.[RENEWAL_AMOUNT]);
  if (!current || !amount || sub.metadata?.[RENEWAL_APPLIED] === "true") return snapshot(sub);
  const quantity = current.quantity ?? 1;
  const updated = await stripe.subscriptions.update(
    sub.id,
    {
      items: [
        {
          id: current.id,
          quantity,
          price_data: {
            currency: current.price.currency,
            product: idOf(current.price.product) ?? "",
            unit_amount_decimal: unitAmount(amount, quantity),
            recurring: {
              interval: current.price.recurring?.interval ?? "day",
              interval_count: current.price.recurring?.interval_count ?? 30,
            },
          },
        },
      ],
      proration_behavior: "none",
      metadata: { [RENEWAL_APPLIED]: "true" },
    },
    { idempotencyKey: `renewal-${sub.id}` },
  );
  return snapshot(updated);
}

export async function createStripeSubscription(
  stripe: Stripe,
  catalog: StripeCatalog,
  input: NewSubscription,
): Promise<SubscriptionSnapshot> {
  const sub = await stripe.subscriptions.create(
    {
      customer: input.customerRef,
      items: [await catalog.item(input)],
      default_payment_method: input.paymentMethodRef,
      // BILL-25: trialing until the trial end, else charged now; a refused first charge creates nothing.
      ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
      ...(input.coupon ? { discounts: [{ coupon: await catalog.ensureCoupon(input.coupon) }] } : {}),
      // A first charge that fails or needs 3D Secure answers 402 and leaves nothing behind (BILL-27…30).
      payment_behavior: "error_if_incomplete",
      metadata: { planKey: input.planKey, ...renewalMetadata(input.amount, input.renewalAmount) },
    },
    { idempotencyKey: input.idempotencyKey },
  );
  // Charged now: the first paid period has begun, so the next one is at the renewal price.
  return sub.status === "active" ? applyRenewal(stripe, sub) : snapshot(sub);
}

export async function updateStripeQuantity(
  stripe: Stripe,
  catalog: StripeCatalog,
  ref: string,
  input: QuantityChange,
): Promise<SubscriptionSnapshot> {
  const current = await stripe.subscriptions.retrieve(ref);
  const itemId = current.items.data[0]?.id;
  const renewed = current.metadata?.[RENEWAL_APPLIED] === "true" && input.renewalAmount !== null;
  // Once the renewal price is in place, the new quantity is priced from the renewal list (always inline).
  const next = renewed ? { ...input, providerPriceRef: null, amount: input.renewalAmount! } : input;
  const sub = await stripe.subscriptions.update(ref, {
    items: [{ ...(await catalog.item(next)), ...(itemId ? { id: itemId } : {}) }],
    proration_behavior: "create_prorations",
    metadata: renewalMetadata(input.amount, input.renewalAmount),
  });
  return snapshot(sub);
}

export async function extendStripeTrial(stripe: Stripe, ref: string, trialEnd: Date): Promise<SubscriptionSnapshot> {
  return snapshot(
    await stripe.subscriptions.update(ref, {
      trial_end: Math.floor(trialEnd.getTime() / 1000),
      proration_behavior: "none",
    }),
  );
}

/** The card becomes the subscription's default and pays each open invoice. */
export async function retryStripeOpenInvoice(
  stripe: Stripe,
  ref: string,
  paymentMethodRef: string,
): Promise<SubscriptionSnapshot> {
  await stripe.subscriptions.update(ref, { default_payment_method: paymentMethodRef });
  const open = await stripe.invoices.list({ subscription: ref, status: "open", limit: 10 });
  for (const invoice of open.data) {
    if (invoice.id) await stripe.invoices.pay(invoice.id, { payment_method: paymentMethodRef });
  }
  return snapshot(await stripe.subscriptions.retrieve(ref));
}
