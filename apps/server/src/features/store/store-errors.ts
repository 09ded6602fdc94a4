import { AppError } from "../../lib/app-error.ts";
import { PaymentError } from "../../providers/payments/payment-gateway.ts";

/**
 * A provider refusal as the API error the guest's page shows (the same codes and copy as billing's card
 * errors): a decline is "declined", a provider's own card message is shown as is, anything else a failure.
 */
export function toStoreError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof PaymentError)) return new AppError("CARD_NOT_SAVED");
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
      return new AppError("CARD_NOT_SAVED");
  }
}
