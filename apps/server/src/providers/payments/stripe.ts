import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { NEXT_BILLING_DAYS, type BillingCycle, type SubscriptionStatus } from "@doorstep/shared/rules/billing";
import type {
  CardDetails,
  GatewayEvent,
  GatewayInvoiceLine,
  NewSubscription,
  PaymentGateway,
  SubscriptionSnapshot,
  UpcomingInvoice,
} from "./index.ts";
import { PaymentError } from "./index.ts";

/**
 * A charge that needs the cardholder (3D Secure / SCA): with `error_if_incomplete` Stripe refuses the
 * first invoice with one of these codes instead of leaving an incomplete subscription behind.
 */
const AUTHENTICATION_CODES = new Set([
  "authentication_required",
  "invoice_payment_intent_requires_action",
  "payment_intent_action_required",
  "payment_intent_authentication_failure",
]);

/** Stripe's errors as our PaymentError; card errors keep Stripe's message to be shown as is (BILL-29). */
function toPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  if (
    error instanceof Stripe.errors.StripeError &&
    (AUTHENTICATION_CODES.has(error.code ?? "") || AUTHENTICATION_CODES.has(error.decline_code ?? ""))
  ) {
    // BILL-29 with the local gateway's 3184 behaviour: one clear message, whatever Stripe's wording.
    return new PaymentError("authentication_required", error.message);
  }
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = error.decline_code ?? error.code;
    if (code === "insufficient_funds") return new PaymentError("insufficient_funds", error.message);
    if (
      code === "incorrect_number" ||
      code === "invalid_number" ||
      code === "expired_card" ||
      code === "incorrect_cvc" ||
      code === "invalid_expiry_year"
    ) {
      return new PaymentError("invalid_card", error.message);
    }
    return new PaymentError("card_declined", error.message);
  }
  return new PaymentError("provider", error instanceof Error ? error.message : "Payment provider error");
}

async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPaymentError(error);
  }
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

function snapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
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
  };
}

/** Subscription metadata for BILL-13 renewal prices: the total per cycle from the second paid period, and whether it is in place. */
const RENEWAL_AMOUNT = "renewal_amount";
const RENEWAL_APPLIED = "renewal_applied";

/** The unit amount that makes `amount` for `quantity`, as Stripe's decimal string (sub-cent units allowed). */
const unitAmount = (amount: number, quantity: number) =>
  Stripe.Decimal.from((amount / quantity).toFixed(10).replace(/\.?0+$/, ""));

/** BILL-25, XCUT-57: every period is 30 or 366 days, as the local gateway bills (not calendar months or years). */
const recurring = (cycle: BillingCycle) => ({ interval: "day" as const, interval_count: NEXT_BILLING_DAYS[cycle] });

/**
 * The service period an invoice bills: its subscription line's period. The invoice's own period_start /
 * period_end are the window for pending items (for a renewal, the period just ended), not what was paid for.
 */
function servicePeriod(invoice: Stripe.Invoice): { start: Date; end: Date } {
  const line = invoice.lines.data.find((l) => l.parent?.type === "subscription_item_details") ?? invoice.lines.data[0];
  return line
    ? { start: new Date(line.period.start * 1000), end: new Date(line.period.end * 1000) }
    : { start: new Date(invoice.period_start * 1000), end: new Date(invoice.period_end * 1000) };
}

const toLine = (line: Stripe.InvoiceLineItem): GatewayInvoiceLine => ({
  description: line.description ?? "",
  quantity: line.quantity ?? 0,
  amount: line.amount,
});

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";

/** The real gateway on the official SDK (ARCHITECTURE §6); `apiUrl` points it at a fake in tests. */
export function createStripeGateway(options: {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
}): PaymentGateway {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    ...(url ? { host: url.hostname, port: url.port, protocol: url.protocol.replace(":", "") as "http" | "https" } : {}),
  });
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

  /** BILL-18, OPEN-32: our coupon as a Stripe coupon of the same id (P10 = 10 % off for the first 12 months), made once. */
  async function ensureCoupon(coupon: { code: string; percentOff: number; months: number }): Promise<string> {
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
  }

  /** The subscription item: the mirrored price, or an inline price whose unit amount makes the exact total. */
  async function item(input: {
    providerPriceRef: string | null;
    planKey: string;
    currency: string;
    cycle: BillingCycle;
    quantity: number;
    amount: number;
  }) {
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
  }

  /**
   * BILL-13: the first paid period is billed; from the next one the renewal total applies. The item's
   * price is swapped without proration, so the period already invoiced keeps its price.
   */
  async function applyRenewal(sub: Stripe.Subscription): Promise<SubscriptionSnapshot> {
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

  /** Metadata for a renewal total that differs from the first period's. */
  const renewalMetadata = (amount: number, renewalAmount: number | null): Record<string, string> =>
    renewalAmount !== null && renewalAmount !== amount ? { [RENEWAL_AMOUNT]: String(renewalAmount) } : {};

  return {
    kind: "stripe",

    createCustomer: ({ accountId, email, name, idempotencyKey }) =>
      guard(
        async () => (await stripe.customers.create({ email, name, metadata: { accountId } }, { idempotencyKey })).id,
      ),

    createSetupIntent: (customerRef) =>
      guard(async () => {
        const intent = await stripe.setupIntents.create(
          { customer: customerRef, allowed_payment_method_types: ["card"], usage: "off_session" },
          { idempotencyKey: randomUUID() },
        );
        if (!intent.client_secret) throw new PaymentError("provider", "The setup intent has no client secret.");
        return intent.client_secret;
      }),

    attachPaymentMethod: (customerRef, paymentMethodRef) =>
      guard(async (): Promise<CardDetails> => {
        let method = await stripe.paymentMethods.retrieve(paymentMethodRef);
        const owner = idOf(method.customer);
        if (owner && owner !== customerRef)
          throw new PaymentError("provider", `No such payment method: '${paymentMethodRef}'`);
        if (!owner) method = await stripe.paymentMethods.attach(paymentMethodRef, { customer: customerRef });
        await stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: paymentMethodRef } });
        const card = method.card;
        return {
          ref: method.id,
          brand: card?.brand ?? "card",
          last4: card?.last4 ?? "",
          expMonth: card?.exp_month ?? 0,
          expYear: card?.exp_year ?? 0,
        };
      }),

    createSubscription: (input: NewSubscription) =>
      guard(async () => {
        const sub = await stripe.subscriptions.create(
          {
            customer: input.customerRef,
            items: [await item(input)],
            default_payment_method: input.paymentMethodRef,
            // BILL-25: trialing until the trial end, else charged now; a refused first charge creates nothing.
            ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
            ...(input.coupon ? { discounts: [{ coupon: await ensureCoupon(input.coupon) }] } : {}),
            // A first charge that fails or needs 3D Secure answers 402 and leaves nothing behind (BILL-27…30).
            payment_behavior: "error_if_incomplete",
            metadata: { planKey: input.planKey, ...renewalMetadata(input.amount, input.renewalAmount) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        // Charged now: the first paid period has begun, so the next one is at the renewal price.
        return sub.status === "active" ? applyRenewal(sub) : snapshot(sub);
      }),

    updateQuantity: (ref, input) =>
      guard(async () => {
        const current = await stripe.subscriptions.retrieve(ref);
        const itemId = current.items.data[0]?.id;
        const renewed = current.metadata?.[RENEWAL_APPLIED] === "true" && input.renewalAmount !== null;
        // Once the renewal price is in place, the new quantity is priced from the renewal list (always inline).
        const next = renewed ? { ...input, providerPriceRef: null, amount: input.renewalAmount! } : input;
        const sub = await stripe.subscriptions.update(ref, {
          items: [{ ...(await item(next)), ...(itemId ? { id: itemId } : {}) }],
          proration_behavior: "create_prorations",
          metadata: renewalMetadata(input.amount, input.renewalAmount),
        });
        return snapshot(sub);
      }),

    applyRenewalPrice: (ref) => guard(async () => applyRenewal(await stripe.subscriptions.retrieve(ref))),

    extendTrial: (ref, trialEnd) =>
      guard(async () =>
        snapshot(
          await stripe.subscriptions.update(ref, {
            trial_end: Math.floor(trialEnd.getTime() / 1000),
            proration_behavior: "none",
          }),
        ),
      ),

    retryOpenInvoice: (ref, paymentMethodRef) =>
      guard(async () => {
        await stripe.subscriptions.update(ref, { default_payment_method: paymentMethodRef });
        const open = await stripe.invoices.list({ subscription: ref, status: "open", limit: 10 });
        for (const invoice of open.data) {
          if (invoice.id) await stripe.invoices.pay(invoice.id, { payment_method: paymentMethodRef });
        }
        return snapshot(await stripe.subscriptions.retrieve(ref));
      }),

    cancelSubscription: (ref) =>
      guard(async () => {
        await stripe.subscriptions.cancel(ref);
      }),

    getSubscription: (ref) => guard(async () => snapshot(await stripe.subscriptions.retrieve(ref))),

    previewNextInvoice: (ref) =>
      guard(async (): Promise<UpcomingInvoice | null> => {
        let invoice: Stripe.Invoice;
        try {
          invoice = await stripe.invoices.createPreview({ subscription: ref });
        } catch (error) {
          // A subscription that will not bill again has nothing to preview.
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "invoice_upcoming_none")
            return null;
          throw error;
        }
        const period = servicePeriod(invoice);
        return {
          amountDue: invoice.amount_due,
          subtotal: invoice.subtotal,
          currency: invoice.currency,
          nextPaymentAttempt: toDate(invoice.next_payment_attempt),
          // Charged automatically, Stripe leaves due_date null: the invoice is due the day it is issued.
          dueDate: toDate(invoice.due_date) ?? toDate(invoice.created),
          periodStart: period.start,
          periodEnd: period.end,
          lines: invoice.lines.data.map(toLine),
        };
      }),

    listInvoices: (customerRef, { startingAfter, limit }) =>
      guard(async () => {
        const page = await stripe.invoices.list({
          customer: customerRef,
          limit,
          ...(startingAfter ? { starting_after: startingAfter } : {}),
        });
        return {
          items: page.data.map((invoice) => ({
            id: invoice.id ?? "",
            createdAt: new Date(invoice.created * 1000),
            amountPaid: invoice.amount_paid,
            currency: invoice.currency,
            periodStart: servicePeriod(invoice).start,
            periodEnd: servicePeriod(invoice).end,
            hostedUrl: invoice.hosted_invoice_url ?? null,
            pdfUrl: invoice.invoice_pdf ?? null,
          })),
          hasMore: page.has_more,
        };
      }),

    parseWebhook(rawBody, signature): GatewayEvent {
      // Throws Stripe's signature error on a bad or missing signature (IMPL-14).
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret);
      const object = event.data.object as {
        object?: string;
        id?: string;
        customer?: string | { id: string } | null;
        subscription?: string | { id: string } | null;
        parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
      };
      const subscriptionRef =
        object.object === "subscription"
          ? (object.id ?? null)
          : (idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription));
      return { id: event.id, type: event.type, customerRef: idOf(object.customer), subscriptionRef };
    },
  };
}
