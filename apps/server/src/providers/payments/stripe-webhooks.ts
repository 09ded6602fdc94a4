import type Stripe from "stripe";
import type { GatewayEvent } from "./payment-gateway.ts";
import { idOf } from "./stripe-client.ts";

/** Verifies a webhook's signature and reduces the event to the customer and subscription it concerns. */
export function parseStripeWebhook(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): GatewayEvent {
  // Throws Stripe's signature error on a bad or missing signature (IMPL-14).
  const event = stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
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
