import { AppError } from "../../lib/app-error.ts";
import { PaymentError } from "../../providers/payments/payment-gateway.ts";

/**
 * A provider refusal as the API error the dashboard maps to the seeds' copy (BILL-27…30, XCUT-30…32):
 * declines → "Your card was declined…", provider card messages as is (BILL-29), a card that could not be
 * saved → "Card details were not saved…", anything else → "Subscription attempt was unsuccessful…".
 */
export function toBillingError(error: unknown, phase: "card" | "subscription"): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof PaymentError)) return new AppError("SUBSCRIPTION_FAILED");
  switch (error.kind) {
    case "card_declined":
      return new AppError("CARD_DECLINED");
    case "insufficient_funds":
      return new AppError("CARD_INSUFFICIENT_FUNDS", { providerMessage: error.message });
    case "authentication_required":
      return new AppError("CARD_AUTHENTICATION_REQUIRED");
    case "invalid_card":
      return new AppError("CARD_INVALID", { providerMessage: error.message });
    case "provider":
      return phase === "card" ? new AppError("CARD_NOT_SAVED") : new AppError("SUBSCRIPTION_FAILED");
  }
}
