import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import type { SubscriptionStatus } from "@doorstep/shared/rules/billing";
import type { CardDetails, GatewayEvent, NewSubscription, PaymentGateway, SubscriptionSnapshot } from "./index.ts";
import { PaymentError } from "./index.ts";

/** Stripe's errors as our PaymentError; card errors keep Stripe's message to be shown as is (BILL-29). */
function toPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    const code = error.decline_code ?? error.code;
    if (code === "insufficient_funds") return new PaymentError("insufficient_funds", error.message);
    if (code === "authentication_required") return new PaymentError("authentication_required", error.message);
    if (code === "incorrect_number" || code === "invalid_number" || code === "expired_card" || code === "incorrect_cvc" || code === "invalid_expiry_year") {
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
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

function snapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items.data[0];
  const legacy = sub as unknown as { current_period_end?: number };
  return {
    ref: sub.id,
    customerRef: idOf(sub.customer) ?? "",
    status: sub.status as SubscriptionStatus,
    quantity: item?.quantity ?? 1,
    currentPeriodEnd: toDate(item?.current_period_end ?? legacy.current_period_end),
    trialEnd: toDate(sub.trial_end),
  };
}

/** The real gateway on the official SDK (ARCHITECTURE §6); `apiUrl` points it at a fake in tests. */
export function createStripeGateway(options: { secretKey: string; webhookSecret: string; apiUrl?: string }): PaymentGateway {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    ...(url ? { host: url.hostname, port: url.port, protocol: url.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  const products = new Map<string, string>();

  /** One product per plan for inline prices when no provider price mirrors the plan yet. */
  async function ensureProduct(planKey: string): Promise<string> {
    const cached = products.get(planKey);
    if (cached) return cached;
    const id = `doorstep-${planKey}`;
    try {
      await stripe.products.retrieve(id);
    } catch {
      await stripe.products.create({ id, name: `Doorstep ${planKey}` }, { idempotencyKey: `product-${planKey}` });
    }
    products.set(planKey, id);
    return id;
  }

  /** The subscription item: the mirrored price, or an inline price whose unit amount makes the exact total. */
  async function item(input: { providerPriceRef: string | null; planKey: string; currency: string; cycle: "monthly" | "annual"; quantity: number; amount: number }) {
    if (input.providerPriceRef) return { price: input.providerPriceRef, quantity: input.quantity };
    return {
      quantity: input.quantity,
      price_data: {
        currency: input.currency,
        product: await ensureProduct(input.planKey),
        unit_amount_decimal: Stripe.Decimal.from((input.amount / input.quantity).toFixed(10).replace(/\.?0+$/, "")),
        recurring: { interval: input.cycle === "annual" ? ("year" as const) : ("month" as const) },
      },
    };
  }

  return {
    kind: "stripe",

    createCustomer: ({ accountId, email, name, idempotencyKey }) =>
      guard(async () => (await stripe.customers.create({ email, name, metadata: { accountId } }, { idempotencyKey })).id),

    createSetupIntent: (customerRef) =>
      guard(async () => {
        const intent = await stripe.setupIntents.create({ customer: customerRef, allowed_payment_method_types: ["card"], usage: "off_session" }, { idempotencyKey: randomUUID() });
        if (!intent.client_secret) throw new PaymentError("provider", "The setup intent has no client secret.");
        return intent.client_secret;
      }),

    attachPaymentMethod: (customerRef, paymentMethodRef) =>
      guard(async (): Promise<CardDetails> => {
        let method = await stripe.paymentMethods.retrieve(paymentMethodRef);
        const owner = idOf(method.customer);
        if (owner && owner !== customerRef) throw new PaymentError("provider", `No such payment method: '${paymentMethodRef}'`);
        if (!owner) method = await stripe.paymentMethods.attach(paymentMethodRef, { customer: customerRef });
        await stripe.customers.update(customerRef, { invoice_settings: { default_payment_method: paymentMethodRef } });
        const card = method.card;
        return { ref: method.id, brand: card?.brand ?? "card", last4: card?.last4 ?? "", expMonth: card?.exp_month ?? 0, expYear: card?.exp_year ?? 0 };
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
            ...(input.coupon ? { discounts: [{ coupon: input.coupon.code }] } : {}),
            payment_behavior: "error_if_incomplete",
            metadata: { planKey: input.planKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return snapshot(sub);
      }),

    updateQuantity: (ref, input) =>
      guard(async () => {
        const current = await stripe.subscriptions.retrieve(ref);
        const itemId = current.items.data[0]?.id;
        const sub = await stripe.subscriptions.update(ref, {
          items: [{ ...(await item(input)), ...(itemId ? { id: itemId } : {}) }],
          proration_behavior: "create_prorations",
        });
        return snapshot(sub);
      }),

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

    listInvoices: (customerRef, { startingAfter, limit }) =>
      guard(async () => {
        const page = await stripe.invoices.list({ customer: customerRef, limit, ...(startingAfter ? { starting_after: startingAfter } : {}) });
        return {
          items: page.data.map((invoice) => ({
            id: invoice.id ?? "",
            createdAt: new Date(invoice.created * 1000),
            amountPaid: invoice.amount_paid,
            currency: invoice.currency,
            hostedUrl: invoice.hosted_invoice_url ?? null,
            pdfUrl: invoice.invoice_pdf ?? null,
          })),
          hasMore: page.has_more,
        };
      }),

    parseWebhook(rawBody, signature): GatewayEvent {
      // Throws Stripe's signature error on a bad or missing signature (IMPL-14).
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret);
      const object = event.data.object as { object?: string; id?: string; customer?: string | { id: string } | null; subscription?: string | { id: string } | null; parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null };
      const subscriptionRef = object.object === "subscription" ? (object.id ?? null) : (idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription));
      return { id: event.id, type: event.type, customerRef: idOf(object.customer), subscriptionRef };
    },
  };
}
