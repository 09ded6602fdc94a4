import type { FakeInvoice, FakePrice, FakeSubscription } from "./stripe-fake-model.ts";

// The fake's objects in Stripe's JSON shapes, as far as the gateway and the SDK read them.

export const priceJson = (price: FakePrice) => ({
  id: price.id,
  object: "price",
  product: price.product,
  currency: price.currency,
  unit_amount_decimal: price.unit_amount_decimal,
  unit_amount: Number.isInteger(Number(price.unit_amount_decimal)) ? Number(price.unit_amount_decimal) : null,
  recurring: { interval: price.interval, interval_count: price.interval_count },
});

export const subJson = (s: FakeSubscription) => ({
  id: s.id,
  object: "subscription",
  customer: s.customer,
  status: s.status,
  trial_end: s.trial_end,
  cancel_at_period_end: s.cancel_at_period_end ?? false,
  created: s.created,
  default_payment_method: s.default_payment_method,
  metadata: s.metadata,
  discounts: s.discount ? [`di_${s.id}`] : [],
  items: {
    object: "list",
    data: [
      {
        id: `si_${s.id}`,
        object: "subscription_item",
        quantity: s.quantity,
        price: priceJson(s.price),
        current_period_start: s.current_period_start,
        current_period_end: s.current_period_end,
      },
    ],
  },
});

export const discountId = (subscription: string) => `di_${subscription}`;

export const linesJson = (i: Pick<FakeInvoice, "lines" | "subscription" | "currency">, url: string) => ({
  object: "list",
  url,
  has_more: false,
  data: i.lines.map((line, n) => ({
    id: `il_${i.subscription}_${n}`,
    object: "line_item",
    amount: line.amount,
    currency: i.currency,
    description: line.description,
    quantity: line.quantity,
    period: line.period,
    discount_amounts: line.discount ? [{ amount: line.discount, discount: discountId(i.subscription) }] : [],
    parent: {
      type: "subscription_item_details",
      subscription_item_details: {
        subscription: i.subscription,
        subscription_item: `si_${i.subscription}`,
        proration: false,
      },
    },
  })),
});

export const invoiceJson = (i: FakeInvoice) => {
  const { lines, ...rest } = i;
  const discount = lines.reduce((sum, line) => sum + line.discount, 0);
  return {
    ...rest,
    object: "invoice",
    total: i.amount_due,
    due_date: null,
    next_payment_attempt: null,
    total_discount_amounts: discount ? [{ amount: discount, discount: discountId(i.subscription) }] : [],
    lines: linesJson(i, `/v1/invoices/${i.id}/lines`),
    hosted_invoice_url: `https://invoice.stripe.test/${i.id}`,
    invoice_pdf: `https://invoice.stripe.test/${i.id}.pdf`,
    parent: { type: "subscription_details", subscription_details: { subscription: i.subscription } },
  };
};
