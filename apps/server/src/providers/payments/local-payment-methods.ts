import { eq } from "drizzle-orm";
import { localPaymentMethods } from "../../db/schema/local-gateway.ts";
import type { Db } from "../../db/client.ts";
import { CARD_ERRORS, findMethod, localId, type LocalDeps } from "./local-billing.ts";
import { cardBehaviour, cardBrand, luhnValid, type CardBehaviour } from "./local-cards.ts";
import { PaymentError, type CardDetails, type RawCard } from "./payment-gateway.ts";

/** The test card form's fields as a stored card: checked like Stripe checks a number and an expiry date. */
export async function createLocalPaymentMethod({ db, now }: LocalDeps, card: RawCard): Promise<CardDetails> {
  const digits = card.number.replace(/\s+/g, "");
  if (!luhnValid(digits)) throw new PaymentError("invalid_card", "Your card number is invalid.");
  const today = now();
  if (
    card.expYear < today.getUTCFullYear() ||
    (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
  ) {
    throw new PaymentError("invalid_card", "Your card's expiration date is in the past.");
  }
  const row = {
    id: localId("pm"),
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    behaviour: cardBehaviour(digits),
  };
  await db.insert(localPaymentMethods).values(row);
  return { ref: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}

/** Gives a stored card to a customer; the test cards that refuse at once refuse here. */
export async function attachLocalPaymentMethod(
  db: Db,
  customerRef: string,
  paymentMethodRef: string,
): Promise<CardDetails> {
  const method = await findMethod(db, paymentMethodRef);
  // Another customer's card is "no such payment method", as Stripe answers.
  if (!method || (method.customerRef && method.customerRef !== customerRef)) {
    throw new PaymentError("provider", `No such payment method: '${paymentMethodRef}'`);
  }
  const behaviour = method.behaviour as CardBehaviour;
  if (behaviour === "declined" || behaviour === "authentication_required") throw CARD_ERRORS[behaviour];
  await db.update(localPaymentMethods).set({ customerRef }).where(eq(localPaymentMethods.id, method.id));
  return {
    ref: method.id,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
  };
}
