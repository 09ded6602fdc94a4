import type Stripe from "stripe";
import { createStripeClient, guard, type StripeOptions } from "./stripe-client.ts";
import { PaymentError } from "./payment-gateway.ts";
import type { StorePaymentEvent, StorePaymentGateway } from "./store-gateway.ts";

/** An intent that is not waiting for capture after confirmation was refused or needs the cardholder. */
function assertAuthorised(intent: Stripe.PaymentIntent): void {
  if (intent.status === "requires_capture" || intent.status === "succeeded") return;
  if (intent.status === "requires_action")
    throw new PaymentError("authentication_required", "Your card requires authentication.");
  throw new PaymentError("card_declined", intent.last_payment_error?.message ?? "Your card was declined.");
}

/**
 * The store on Stripe (decision 053): PaymentIntents with manual capture as destination charges to the
 * host's Connect Express account with an application fee; SetupIntents for stays far ahead; Connect
 * onboarding by account links; webhooks verified by signature.
 */
export function createStripeStoreGateway(options: StripeOptions & { publishableKey: string }): StorePaymentGateway {
  const stripe = createStripeClient(options);
  return {
    kind: "stripe",
    publishableKey: options.publishableKey,
    authorise: (charge) =>
      guard(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amount,
            currency: charge.currency,
            payment_method: charge.paymentMethodRef,
            // Cards only, confirmed here: no redirect-based methods a server-side confirmation could not finish.
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            capture_method: "manual",
            confirm: true,
            ...(charge.customerRef ? { customer: charge.customerRef, off_session: true } : {}),
            ...(charge.destinationRef
              ? {
                  transfer_data: { destination: charge.destinationRef },
                  ...(charge.applicationFee > 0 ? { application_fee_amount: charge.applicationFee } : {}),
                  on_behalf_of: charge.destinationRef,
                }
              : {}),
            description: charge.description,
            metadata: charge.metadata,
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        assertAuthorised(intent);
        return { ref: intent.id };
      }),
    capture: (ref) =>
      guard(async () => {
        await stripe.paymentIntents.capture(ref);
      }),
    release: (ref) =>
      guard(async () => {
        await stripe.paymentIntents.cancel(ref);
      }),
    refund: (ref, amount, idempotencyKey) =>
      guard(async () => {
        // The fee goes back in proportion and the transfer is reversed: the host pays back what they received.
        await stripe.refunds.create(
          { payment_intent: ref, amount, refund_application_fee: true, reverse_transfer: true },
          { idempotencyKey },
        );
      }),
    saveCard: (paymentMethodRef, input) =>
      guard(async () => {
        const customer = await stripe.customers.create(
          { email: input.email ?? undefined, metadata: { purpose: "guest-store" } },
          { idempotencyKey: `${input.idempotencyKey}-customer` },
        );
        const setup = await stripe.setupIntents.create(
          {
            customer: customer.id,
            payment_method: paymentMethodRef,
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            usage: "off_session",
            confirm: true,
          },
          { idempotencyKey: `${input.idempotencyKey}-setup` },
        );
        if (setup.status !== "succeeded")
          throw new PaymentError("card_declined", setup.last_setup_error?.message ?? "Your card was declined.");
        return { customerRef: customer.id, paymentMethodRef };
      }),
    createConnectAccount: (input) =>
      guard(async () => {
        const account = await stripe.accounts.create(
          {
            type: "express",
            email: input.email,
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { accountId: input.accountId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return account.id;
      }),
    connectOnboardingUrl: (ref, returnUrl, refreshUrl) =>
      guard(async () => {
        const link = await stripe.accountLinks.create({
          account: ref,
          return_url: returnUrl,
          refresh_url: refreshUrl,
          type: "account_onboarding",
        });
        return link.url;
      }),
    connectReady: (ref) => guard(async () => (await stripe.accounts.retrieve(ref)).charges_enabled === true),
    parseWebhook(rawBody, signature): StorePaymentEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret);
      const object = event.data.object as { object?: string; id?: string; charges_enabled?: boolean };
      if (object.object === "account")
        return {
          id: event.id,
          type: event.type,
          paymentRef: null,
          accountRef: object.id ?? null,
          chargesEnabled: object.charges_enabled === true,
        };
      const paymentRef =
        object.object === "payment_intent"
          ? (object.id ?? null)
          : ((event.data.object as { payment_intent?: string | null }).payment_intent ?? null);
      return { id: event.id, type: event.type, paymentRef, accountRef: null };
    },
  };
}
