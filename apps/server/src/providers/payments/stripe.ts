import type { PaymentGateway } from "./payment-gateway.ts";
import { createStripeCatalog } from "./stripe-catalog.ts";
import { createStripeClient, guard, type StripeOptions } from "./stripe-client.ts";
import { attachStripePaymentMethod, createStripeCustomer, createStripeSetupIntent } from "./stripe-customers.ts";
import { listStripeInvoices, previewStripeInvoice } from "./stripe-invoices.ts";
import {
  applyRenewal,
  createStripeSubscription,
  extendStripeTrial,
  retryStripeOpenInvoice,
  snapshot,
  updateStripeQuantity,
} from "./stripe-subscriptions.ts";
import { parseStripeWebhook } from "./stripe-webhooks.ts";

/**
 * The real gateway on Stripe's official SDK; `apiUrl` points it at a fake in tests. Cards are entered in
 * Stripe Elements (setup intents) and changes arrive by webhook; every call's errors become PaymentErrors.
 */
export function createStripeGateway(options: StripeOptions): PaymentGateway {
  const stripe = createStripeClient(options);
  const catalog = createStripeCatalog(stripe);
  return {
    kind: "stripe",
    createCustomer: (input) => guard(() => createStripeCustomer(stripe, input)),
    createSetupIntent: (customerRef) => guard(() => createStripeSetupIntent(stripe, customerRef)),
    attachPaymentMethod: (customerRef, paymentMethodRef) =>
      guard(() => attachStripePaymentMethod(stripe, customerRef, paymentMethodRef)),
    createSubscription: (input) => guard(() => createStripeSubscription(stripe, catalog, input)),
    updateQuantity: (ref, input) => guard(() => updateStripeQuantity(stripe, catalog, ref, input)),
    applyRenewalPrice: (ref) => guard(async () => applyRenewal(stripe, await stripe.subscriptions.retrieve(ref))),
    extendTrial: (ref, trialEnd) => guard(() => extendStripeTrial(stripe, ref, trialEnd)),
    retryOpenInvoice: (ref, paymentMethodRef) => guard(() => retryStripeOpenInvoice(stripe, ref, paymentMethodRef)),
    cancelSubscription: (ref, options) =>
      guard(async () => {
        if (options?.atPeriodEnd) await stripe.subscriptions.update(ref, { cancel_at_period_end: true });
        else await stripe.subscriptions.cancel(ref);
      }),
    resumeSubscription: (ref) =>
      guard(async () => snapshot(await stripe.subscriptions.update(ref, { cancel_at_period_end: false }))),
    getSubscription: (ref) => guard(async () => snapshot(await stripe.subscriptions.retrieve(ref))),
    previewNextInvoice: (ref) => guard(() => previewStripeInvoice(stripe, ref)),
    listInvoices: (customerRef, page) => guard(() => listStripeInvoices(stripe, customerRef, page)),
    parseWebhook: (rawBody, signature) => parseStripeWebhook(stripe, options.webhookSecret, rawBody, signature),
  };
}
