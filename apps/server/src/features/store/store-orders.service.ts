import type { GuestOrderDto } from "@doorstep/shared/schemas/store";
import type { z } from "zod";
import type { GuestOrderRequest as GuestOrderSchema } from "@doorstep/shared/schemas/store";
import { wallTimeToInstant } from "@doorstep/shared/rules/zoned-time";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { PaymentError } from "../../providers/payments/payment-gateway.ts";
import { toStoreError } from "./store-errors.ts";
import type { Stay } from "../stays/stays.service.ts";
import { staysInRange } from "../stays/stay-list.service.ts";
import {
  applicationFeeOf,
  authoriseAtOf,
  deadlineOf,
  DEFER_AUTHORISATION_MS,
  multiplierOf,
  priceOf,
  slotFits,
  slotInstant,
  stayOver,
} from "./order-rules.ts";
import {
  findOrderByKey,
  findPendingOrderOfOffer,
  insertOrder,
  listActiveOffersFor,
  type OfferRow,
  type OrderRow,
} from "./store.repository.ts";
import { getStoreSettings, storeReady } from "./store-settings.service.ts";
import { STORE_AUTHORISE_JOB, STORE_DEADLINE_JOB } from "./store-jobs.service.ts";
import { afterOrderChange, applyStayTime, offerText } from "./store-order-effects.ts";

type GuestOrderInput = z.output<typeof GuestOrderSchema>;

/** An order as its guest sees it. */
export function toGuestOrderDto(row: OrderRow): GuestOrderDto {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    slotTime: row.slotTime,
    quantity: row.quantity,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    hostNote: row.hostNote,
  };
}

/** Another confirmed stay holds the night before check-in (early) or the night after check-out (late). */
export async function adjacentNightTaken(ctx: AppContext, stay: Stay, type: OfferRow["type"]): Promise<boolean> {
  const day = type === "early-check-in" ? stay.checkInDate : stay.checkOutDate;
  const around = await staysInRange(ctx, stay.accountId, stay.propertyId, { from: day, to: day });
  return around.some(
    (s) =>
      s.id !== stay.id &&
      s.status === "confirmed" &&
      (type === "early-check-in" ? s.checkInDate < stay.checkInDate : s.checkOutDate > stay.checkOutDate),
  );
}

/** The card as a payment method: test numbers on the local gateway, an Elements payment method on Stripe. */
async function paymentMethodOf(ctx: AppContext, card: GuestOrderInput["card"]): Promise<string> {
  if ("paymentMethodId" in card) {
    if (ctx.storePayments.kind !== "stripe") throw new AppError("STRIPE_CARD_ENTRY_UNAVAILABLE");
    return card.paymentMethodId;
  }
  if (!ctx.storePayments.createPaymentMethod || (ctx.config.env === "production" && !ctx.config.localRun))
    throw new AppError("TEST_CARD_ENTRY_UNAVAILABLE");
  return (await ctx.storePayments.createPaymentMethod(card)).ref;
}

/**
 * A guest's order from their stay link (decision 053). The server prices it; the card is authorised (or, for a
 * request on a stay more than 6 days ahead, saved) before any order exists, so a declined card leaves none. An
 * instant order (an extra, or early/late when the adjacent night is free) is captured at once and applied to
 * the stay; a request waits for the host until its deadline. The same idempotency key answers the same order.
 */
export async function placeGuestOrder(
  ctx: AppContext,
  stay: Stay,
  input: GuestOrderInput,
): Promise<{ order: OrderRow; created: boolean }> {
  const repeated = await findOrderByKey(ctx.db, stay.id, input.idempotencyKey);
  if (repeated) {
    if (repeated.offerId !== input.offerId) throw new AppError("ORDER_KEY_REUSED");
    return { order: repeated, created: false };
  }
  // One request at a time per offer: a second one (another key) waits for the host's answer to the first.
  if (await findPendingOrderOfOffer(ctx.db, stay.id, input.offerId)) throw new AppError("ORDER_ALREADY_REQUESTED");
  const settings = await getStoreSettings(ctx, stay.accountId);
  if (!storeReady(ctx, settings)) throw new AppError("STORE_NOT_READY");
  // Nothing is sold for a stay that has ended.
  if (stayOver(stay, ctx.now(), wallTimeToInstant)) throw new AppError("OFFER_UNAVAILABLE");
  const offers = await listActiveOffersFor(ctx.db, stay.accountId, stay.propertyRowId);
  const offer = offers.find((o) => o.id === input.offerId);
  if (!offer) throw new AppError("OFFER_UNAVAILABLE");
  const slot = offer.type === "extra" ? null : (input.slotTime ?? null);
  // A slot must make sense for the stay and still be ahead (13:00 asked for at 13:30 is gone).
  if (
    offer.type !== "extra" &&
    (!slot || !slotFits(offer.type, slot, stay) || slotInstant(stay, offer.type, slot)! <= ctx.now())
  )
    throw new AppError("OFFER_SLOT_UNAVAILABLE", undefined, { at: ["slotTime"] });
  const quantity = offer.type === "extra" ? input.quantity : 1;
  if (quantity > offer.maxQuantity)
    throw new AppError("OFFER_QUANTITY_TOO_HIGH", { max: offer.maxQuantity }, { at: ["quantity"] });
  const amount = priceOf(offer, slot, quantity, multiplierOf(offer, stay));
  if (amount === null) throw new AppError("OFFER_UNAVAILABLE");

  const now = ctx.now();
  const instant =
    offer.confirmation === "instant" && (offer.type === "extra" || !(await adjacentNightTaken(ctx, stay, offer.type)));
  const deferred = !instant && stay.checkInAt.getTime() - now.getTime() > DEFER_AUTHORISATION_MS;
  const fee = applicationFeeOf(amount, ctx.config.payments.storeFeePercent ?? 0);
  const providerKey = `store-${stay.id}-${input.idempotencyKey}`;
  const title = offerText(offer, stay.guestLanguage).title;

  let paymentRef: string | null = null;
  let saved: { customerRef: string; paymentMethodRef: string } | null = null;
  try {
    const paymentMethodRef = await paymentMethodOf(ctx, input.card);
    if (deferred) {
      saved = await ctx.storePayments.saveCard(paymentMethodRef, {
        email: stay.guestEmail,
        idempotencyKey: providerKey,
      });
    } else {
      paymentRef = (
        await ctx.storePayments.authorise({
          amount,
          currency: settings.currency,
          paymentMethodRef,
          destinationRef: ctx.storePayments.kind === "stripe" ? settings.connectAccountRef : null,
          applicationFee: fee,
          description: title,
          metadata: { accountId: stay.accountId, stayId: stay.id, offerId: offer.id },
          idempotencyKey: providerKey,
        })
      ).ref;
      if (instant) await ctx.storePayments.capture(paymentRef);
    }
  } catch (error) {
    if (error instanceof PaymentError || error instanceof AppError) throw toStoreError(error);
    throw error;
  }

  const authoriseAt = deferred ? authoriseAtOf(stay.checkInAt, now) : null;
  // A deferred request's time to answer runs from its authorisation (decision 053): until then nothing is held.
  const deadlineAt = instant
    ? null
    : deadlineOf(authoriseAt ?? now, settings.answerWithinHours, slotInstant(stay, offer.type, slot));
  const row = await insertOrder(ctx.db, {
    accountId: stay.accountId,
    propertyId: stay.propertyRowId,
    stayId: stay.id,
    offerId: offer.id,
    offerType: offer.type,
    title,
    slotTime: slot,
    quantity,
    amount,
    currency: settings.currency,
    applicationFee: fee,
    status: instant ? "confirmed" : "pending",
    payment: instant ? "captured" : deferred ? "saved" : "authorised",
    paymentRef,
    customerRef: saved?.customerRef ?? null,
    paymentMethodRef: saved?.paymentMethodRef ?? null,
    destinationRef: settings.connectAccountRef,
    deadlineAt,
    authoriseAt,
    idempotencyKey: input.idempotencyKey,
    decidedAt: instant ? now : null,
    capturedAt: instant ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) {
    // A repeated submit raced this one: the provider's idempotency gave both the same payment; answer the first.
    const first = await findOrderByKey(ctx.db, stay.id, input.idempotencyKey);
    if (!first) throw new AppError("CONFLICT");
    return { order: first, created: false };
  }
  if (instant) await applyStayTime(ctx, row);
  else {
    await ctx.jobs.schedule(STORE_DEADLINE_JOB, { key: row.id, runAt: deadlineAt! });
    if (row.authoriseAt) await ctx.jobs.schedule(STORE_AUTHORISE_JOB, { key: row.id, runAt: row.authoriseAt });
  }
  await afterOrderChange(ctx, row, { newRequest: !instant });
  return { order: row, created: true };
}
