import type { RawCard } from "./payment-gateway.ts";

/** A charge the store asks for: the server's amount, the host's payout account and the platform's fee. */
export interface StoreCharge {
  amount: number;
  currency: string;
  paymentMethodRef: string;
  /** The host's connected account (Stripe: a destination charge's `transfer_data.destination`). */
  destinationRef: string | null;
  /** The platform's application fee, minor units (STORE_FEE_PERCENT of the amount). */
  applicationFee: number;
  /** A customer that holds the saved card (deferred authorisation, off session). */
  customerRef?: string | null;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A saved card for a later authorisation (Stripe: a SetupIntent confirmed with the card, on a new customer). */
export interface SavedCard {
  customerRef: string;
  paymentMethodRef: string;
}

/** A store payment event, reduced to what the store needs (webhooks); the handler re-reads the order. */
export interface StorePaymentEvent {
  id: string;
  type: string;
  /** The PaymentIntent it is about, if any. */
  paymentRef: string | null;
  /** The connected account it is about (account.updated), if any. */
  accountRef: string | null;
  /** account.updated: the account can take charges. */
  chargesEnabled?: boolean;
}

/**
 * What the guest store asks of a payment provider (decision 053): manual-capture payments on the host's
 * connected account, saved cards for stays far ahead, and Connect onboarding. Two implementations: the local
 * gateway (simulated, Stripe's test cards) and Stripe (PaymentIntents, SetupIntents, Connect Express).
 * Refusals are PaymentErrors, as billing's.
 */
export interface StorePaymentGateway {
  readonly kind: "local" | "stripe";
  /** The browser's key for Stripe Elements on the guest page (Stripe only). */
  readonly publishableKey: string | null;
  /** A payment method from card fields our own form sent (local gateway only, test cards). */
  createPaymentMethod?(card: RawCard): Promise<{ ref: string }>;
  /** Authorises the amount on the card (capture later); throws PaymentError on a decline. */
  authorise(charge: StoreCharge): Promise<{ ref: string }>;
  /** Captures an authorised payment in full. */
  capture(paymentRef: string): Promise<void>;
  /** Releases an authorisation (cancels the PaymentIntent). */
  release(paymentRef: string): Promise<void>;
  /** Refunds `amount` of a captured payment (the application fee refunded in proportion). */
  refund(paymentRef: string, amount: number, idempotencyKey: string): Promise<void>;
  /** Saves the card on a new customer for a later off-session authorisation. */
  saveCard(paymentMethodRef: string, input: { email: string | null; idempotencyKey: string }): Promise<SavedCard>;
  /** Creates the host's payout account (Express). */
  createConnectAccount(input: { accountId: string; email: string; idempotencyKey: string }): Promise<string>;
  /** The onboarding address the host is sent to, coming back to `returnUrl`. */
  connectOnboardingUrl(accountRef: string, returnUrl: string, refreshUrl: string): Promise<string>;
  /** Whether the account can take charges now. */
  connectReady(accountRef: string): Promise<boolean>;
  /** Verifies and parses a webhook; throws on a bad signature (Stripe only). */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): StorePaymentEvent;
}
