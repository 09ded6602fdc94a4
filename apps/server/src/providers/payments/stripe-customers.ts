import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { PaymentError, type CardDetails } from "./payment-gateway.ts";
import { idOf } from "./stripe-client.ts";

export async function createStripeCustomer(
  stripe: Stripe,
  {
    accountId,
    email,
    name,
    idempotencyKey,
  }: { accountId: string; email: string; name: string; idempotencyKey: string },
): Promise<string> {
  return (await stripe.customers.create({ email, name, metadata: { accountId } }, { idempotencyKey })).id;
}

/** A SetupIntent for Stripe Elements in the browser (BILL-20): its client secret. */
export async function createStripeSetupIntent(stripe: Stripe, customerRef: string): Promise<string> {
  const intent = await stripe.setupIntents.create(
    { customer: customerRef, allowed_payment_method_types: ["card"], usage: "off_session" },
    { idempotencyKey: randomUUID() },
  );
  if (!intent.client_secret) throw new PaymentError("provider", "The setup intent has no client secret.");
  return intent.client_secret;
}

/** Attaches a card made by Elements (unless already the customer's) and makes it the customer's default. */
export async function attachStripePaymentMethod(
  stripe: Stripe,
  customerRef: string,
  paymentMethodRef: string,
): Promise<CardDetails> {
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
    fingerprint: card?.fingerprint ?? null,
  };
}
