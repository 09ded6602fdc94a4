import { eq } from "drizzle-orm";
import { localStorePayments } from "../../db/schema/local-gateway.ts";
import { CARD_ERRORS, findMethod, localId, type LocalDeps } from "./local-billing.ts";
import type { CardBehaviour } from "./local-cards.ts";
import { createLocalPaymentMethod } from "./local-payment-methods.ts";
import { PaymentError } from "./payment-gateway.ts";
import type { StoreCharge, StorePaymentGateway } from "./store-gateway.ts";

/** A card's refusal at authorisation, as Stripe's test cards refuse (0341 attaches, then fails when charged). */
function refusal(behaviour: CardBehaviour): PaymentError | null {
  if (behaviour === "ok") return null;
  if (behaviour === "fails_later") return CARD_ERRORS.declined;
  return CARD_ERRORS[behaviour];
}

/**
 * The store on the local gateway: PaymentIntents simulated in `local_store_payments` with Stripe's test cards
 * (4242… authorises, 4000 0000 0000 0002 is declined, 0341 saves and then fails), and a payout account that is
 * connected at once (there is nothing to onboard).
 */
export function createLocalStoreGateway(deps: LocalDeps): StorePaymentGateway {
  const { db } = deps;
  const find = async (ref: string) => {
    const [row] = await db.select().from(localStorePayments).where(eq(localStorePayments.id, ref));
    if (!row) throw new PaymentError("provider", `No such payment_intent: '${ref}'`);
    return row;
  };
  return {
    kind: "local",
    publishableKey: null,
    createPaymentMethod: async (card) => ({ ref: (await createLocalPaymentMethod(deps, card)).ref }),
    async authorise(charge: StoreCharge) {
      const [replay] = await db
        .select()
        .from(localStorePayments)
        .where(eq(localStorePayments.idempotencyKey, charge.idempotencyKey));
      if (replay) return { ref: replay.id };
      const method = await findMethod(db, charge.paymentMethodRef);
      if (!method) throw new PaymentError("provider", `No such payment method: '${charge.paymentMethodRef}'`);
      const refused = refusal(method.behaviour as CardBehaviour);
      if (refused) throw refused;
      const id = localId("pi");
      await db.insert(localStorePayments).values({
        id,
        paymentMethodRef: method.id,
        amount: charge.amount,
        currency: charge.currency,
        destination: charge.destinationRef,
        applicationFee: charge.applicationFee,
        status: "requires_capture",
        idempotencyKey: charge.idempotencyKey,
        createdAt: deps.now(),
      });
      return { ref: id };
    },
    async capture(ref) {
      const row = await find(ref);
      if (row.status === "succeeded") return;
      if (row.status !== "requires_capture")
        throw new PaymentError("provider", "This PaymentIntent could not be captured.");
      await db.update(localStorePayments).set({ status: "succeeded" }).where(eq(localStorePayments.id, ref));
    },
    async release(ref) {
      const row = await find(ref);
      if (row.status === "succeeded") throw new PaymentError("provider", "A captured payment cannot be released.");
      await db.update(localStorePayments).set({ status: "canceled" }).where(eq(localStorePayments.id, ref));
    },
    async refund(ref, amount) {
      const row = await find(ref);
      if (row.status !== "succeeded" || row.amountRefunded + amount > row.amount)
        throw new PaymentError("provider", "The refund is more than the charge.");
      await db
        .update(localStorePayments)
        .set({ amountRefunded: row.amountRefunded + amount })
        .where(eq(localStorePayments.id, ref));
    },
    async saveCard(paymentMethodRef) {
      const method = await findMethod(db, paymentMethodRef);
      if (!method) throw new PaymentError("provider", `No such payment method: '${paymentMethodRef}'`);
      const behaviour = method.behaviour as CardBehaviour;
      // A SetupIntent refuses the cards that refuse at once; 0341 is saved and fails when charged.
      if (behaviour !== "ok" && behaviour !== "fails_later") throw refusal(behaviour)!;
      return { customerRef: localId("cus"), paymentMethodRef: method.id };
    },
    createConnectAccount: async ({ accountId }) => `acct_local_${accountId}`,
    connectOnboardingUrl: async (_ref, returnUrl) => returnUrl,
    connectReady: async () => true,
  };
}
