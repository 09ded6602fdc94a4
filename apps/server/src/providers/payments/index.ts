import type { Db } from "../../db/client.ts";
import { createLocalGateway } from "./local.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { createStripeGateway } from "./stripe.ts";
import { createLocalStoreGateway } from "./local-store.ts";
import type { StorePaymentGateway } from "./store-gateway.ts";
import { createStripeStoreGateway } from "./stripe-store.ts";

export interface PaymentsConfig {
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** The browser's key for Stripe Elements: without it the dashboard could only show the local card fields, which Stripe refuses. */
  stripePublishableKey?: string;
  /** Tests and stripe-mock: the API's base URL instead of api.stripe.com. */
  stripeApiUrl?: string;
  storeFeePercent?: number;
}

/**
 * Picks the gateway from config: Stripe when STRIPE_SECRET_KEY is set, else the local simulated gateway,
 * which keeps its customers, cards and invoices in our own tables so billing works without an account.
 */
export function createPaymentGateway(config: PaymentsConfig, deps: { db: Db; now: () => Date }): PaymentGateway {
  if (config.stripeSecretKey) {
    if (!config.stripePublishableKey) {
      throw new Error(
        "STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY: the card form needs Stripe Elements.",
      );
    }
    if (!config.stripeWebhookSecret)
      throw new Error("STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (webhooks are verified by signature).");
    return createStripeGateway({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret ?? "",
      apiUrl: config.stripeApiUrl,
    });
  }
  return createLocalGateway(deps);
}

/** The guest store's gateway, chosen like billing's: Stripe with a secret key, else the local simulation. */
export function createStorePaymentGateway(
  config: PaymentsConfig,
  deps: { db: Db; now: () => Date },
): StorePaymentGateway {
  if (config.stripeSecretKey)
    return createStripeStoreGateway({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret ?? "",
      apiUrl: config.stripeApiUrl,
      publishableKey: config.stripePublishableKey ?? "",
    });
  return createLocalStoreGateway(deps);
}
