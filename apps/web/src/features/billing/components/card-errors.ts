import { copy } from "@doorstep/shared/copy";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { CardProviderError } from "./card-form/card-form-types.ts";

/** Where a failure is shown: under the card fields, or by the submit button. */
export interface BillingFailure {
  message: string;
  where: "card" | "form";
}

const b = copy.billing;

/**
 * A failed card or subscription step as the seeds' copy (BILL-27…30, XCUT-30…32): declines get the
 * decline copy, provider card messages show as is (BILL-29), anything else the subscription copy.
 */
export function billingFailure(error: unknown, step: "card" | "subscription"): BillingFailure {
  if (error instanceof CardProviderError) return { message: error.message, where: "card" };
  if (hasErrorCode(error, "CARD_DECLINED")) return { message: b.cardDeclined, where: "card" };
  if (hasErrorCode(error, "CARD_INSUFFICIENT_FUNDS", "CARD_INVALID")) return { message: error.message, where: "card" };
  if (hasErrorCode(error, "CARD_AUTHENTICATION_REQUIRED")) return { message: b.authenticationRequired, where: "card" };
  if (hasErrorCode(error, "CARD_NOT_SAVED")) return { message: b.cardNotSaved, where: "card" };
  if (hasErrorCode(error, "FORBIDDEN")) return { message: b.masterOnly, where: "form" };
  if (step === "card") return { message: b.cardNotSaved, where: "card" };
  return { message: b.subscriptionFailed, where: "form" };
}
