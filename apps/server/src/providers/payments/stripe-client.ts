import Stripe from "stripe";
import { PaymentError } from "./payment-gateway.ts";

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests and stripe-mock: the API's base URL instead of api.stripe.com. */
  apiUrl?: string;
}

/** The official SDK, pointed at `apiUrl` when one is given (a fake server in tests). */
export function createStripeClient(options: StripeOptions): Stripe {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    ...(url ? { host: url.hostname, port: url.port, protocol: url.protocol.replace(":", "") as "http" | "https" } : {}),
  });
}

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

/** Runs one gateway call, turning whatever Stripe throws into a PaymentError. */
export async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPaymentError(error);
  }
}

export const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";

export const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The id of an expandable field, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
