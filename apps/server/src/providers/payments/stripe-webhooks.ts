import type Stripe from "stripe";
import type { GatewayEvent } from "./payment-gateway.ts";
import { idOf } from "./stripe-client.ts";

/**
 * How far ahead of our clock a webhook's signed time may be. Stripe's library refuses a signature older than its
 * tolerance (5 minutes) but not one from the future, so a body signed an hour ahead — a leaked key's forgery kept
 * for later — would stay replayable for that hour. Clock skew between Stripe and us is seconds, not minutes.
 */
export const WEBHOOK_FUTURE_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, read as Stripe's library reads it (the last one counts). */
function signedAtSeconds(signature: string): number {
  let timestamp = Number.NaN;
  for (const item of signature.split(",")) {
    const [key, value] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value ?? "", 10);
  }
  return timestamp;
}

/**
 * Verifies a webhook's signature and time and reduces the event to the customer and subscription it concerns.
 * `now` is the library's own clock (it judges the past by Date.now()), so both ends of the window agree.
 */
export function parseStripeWebhook(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
  now = Date.now(),
): GatewayEvent {
  // Throws Stripe's signature error on a bad or missing signature, or one signed too long ago (IMPL-14).
  const event = stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret, undefined, undefined, now);
  if (signedAtSeconds(signature ?? "") - Math.floor(now / 1000) > WEBHOOK_FUTURE_TOLERANCE_SECONDS) {
    throw new Error("The webhook was signed in the future.");
  }
  const object = event.data.object as {
    object?: string;
    id?: string;
    customer?: string | { id: string } | null;
    subscription?: string | { id: string } | null;
    invoice?: string | { id: string } | null;
    parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
  };
  const subscriptionRef =
    object.object === "subscription"
      ? (object.id ?? null)
      : (idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription));
  const invoiceRef = object.object === "invoice" ? (object.id ?? null) : idOf(object.invoice);
  return { id: event.id, type: event.type, customerRef: idOf(object.customer), subscriptionRef, invoiceRef };
}
