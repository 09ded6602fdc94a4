import { copy } from "@doorstep/shared/copy";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { PaymentError } from "../../providers/payments/payment-gateway.ts";
import type { StorePaymentEvent } from "../../providers/payments/store-gateway.ts";
import { getStay, type Stay } from "../stays/stays.service.ts";
import { authoriseAtOf, deadlineOf, slotInstant } from "./order-rules.ts";
import { applyConnectUpdate, getStoreSettings } from "./store-settings.service.ts";
import { afterOrderChange, cancelIfStayCancelled } from "./store-order-effects.ts";
import {
  claimWebhookEvent,
  findOrderById,
  findOrderByPayment,
  forgetWebhookEvent,
  listPendingOrdersOfStays,
  moveOrder,
  moveSavedOrder,
  type OrderRow,
} from "./store.repository.ts";

/** The per-order jobs (decision 034), keyed by the order id. */
export const STORE_DEADLINE_JOB = "store-order-deadline";
export const STORE_AUTHORISE_JOB = "store-order-authorise";

/**
 * The `store-order-deadline` job: a request still unanswered at its deadline is declined by itself (expired)
 * and its card released. Safe to run again: it acts only on a pending order whose deadline has passed.
 */
export async function expireOrder(ctx: AppContext, orderId: string): Promise<boolean> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order || order.status !== "pending") return false;
  if (await cancelIfStayCancelled(ctx, order)) return true;
  if (!order.deadlineAt || order.deadlineAt > ctx.now()) return false;
  const moved = await moveOrder(ctx.db, order.id, ["pending"], {
    status: "expired",
    payment: order.payment === "authorised" ? "released" : order.payment,
    decidedAt: ctx.now(),
    updatedAt: ctx.now(),
  });
  if (!moved) return false;
  if (order.payment === "authorised" && order.paymentRef) await ctx.storePayments.release(order.paymentRef);
  await afterOrderChange(ctx, moved);
  return true;
}

/**
 * Stays changed (the stays feature's listener, wired in app.ts). A cancelled (or erased) stay's pending orders
 * have their deadline job moved to now, so they are cancelled and their cards released at once, not at their
 * deadline. A live stay whose check-in moved moves its saved-card requests' authorisation to 6 days before the
 * new check-in (or now if that has passed), and their deadline with it (decision 053's rule); other pending
 * orders keep theirs.
 */
export async function settleOrdersOfChangedStays(ctx: AppContext, stayIds: string[]): Promise<void> {
  for (const order of await listPendingOrdersOfStays(ctx.db, stayIds)) {
    const stay = await getStay(ctx, order.accountId, order.stayId).catch(() => null);
    if (!stay || stay.status === "cancelled") {
      await ctx.jobs.schedule(STORE_DEADLINE_JOB, { key: order.id, runAt: ctx.now() });
      continue;
    }
    if (order.payment === "saved") await followCheckIn(ctx, order, stay);
  }
}

/** A saved-card request follows its stay's check-in: its authorisation and deadline move, and their jobs. */
async function followCheckIn(ctx: AppContext, order: OrderRow, stay: Stay): Promise<void> {
  const authoriseAt = authoriseAtOf(stay.checkInAt, ctx.now());
  if (order.authoriseAt?.getTime() === authoriseAt.getTime()) return;
  const { answerWithinHours } = await getStoreSettings(ctx, order.accountId);
  const deadlineAt = deadlineOf(authoriseAt, answerWithinHours, slotInstant(stay, order.offerType, order.slotTime));
  // Only while still pending on a saved card: an authorisation or an answer that came first wins.
  const moved = await moveSavedOrder(ctx.db, order.id, { authoriseAt, deadlineAt, updatedAt: ctx.now() });
  if (!moved) return;
  await ctx.jobs.schedule(STORE_AUTHORISE_JOB, { key: order.id, runAt: authoriseAt });
  await ctx.jobs.schedule(STORE_DEADLINE_JOB, { key: order.id, runAt: deadlineAt });
}

/**
 * The `store-order-authorise` job, 6 days before check-in: a pending request's saved card is authorised off
 * session. A refusal fails the order and tells guest and host. Safe to run again (acts on `saved` only).
 */
export async function authoriseDeferredOrder(ctx: AppContext, orderId: string): Promise<boolean> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order || order.status !== "pending" || order.payment !== "saved") return false;
  if (order.authoriseAt && order.authoriseAt > ctx.now()) return false;
  if (await cancelIfStayCancelled(ctx, order)) return false;
  try {
    const { ref } = await ctx.storePayments.authorise({
      amount: order.amount,
      currency: order.currency,
      paymentMethodRef: order.paymentMethodRef ?? "",
      customerRef: order.customerRef,
      destinationRef: ctx.storePayments.kind === "stripe" ? order.destinationRef : null,
      applicationFee: order.applicationFee,
      description: order.title,
      metadata: { accountId: order.accountId, stayId: order.stayId, orderId: order.id },
      idempotencyKey: `store-order-${order.id}-authorise`,
    });
    await moveOrder(ctx.db, order.id, ["pending"], { payment: "authorised", paymentRef: ref, updatedAt: ctx.now() });
    return true;
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    const failed = await moveOrder(ctx.db, order.id, ["pending"], {
      status: "failed",
      payment: "released",
      decidedAt: ctx.now(),
      updatedAt: ctx.now(),
    });
    if (failed) {
      const stay = await getStay(ctx, order.accountId, order.stayId).catch(() => null);
      const guest = stay ? `${stay.guestFirstName} ${stay.guestLastName}`.trim() : "";
      await afterOrderChange(ctx, failed, {
        hostEmailSubject: copy.orders.emailHostFailedSubject(order.title),
        hostEmailIntro: copy.orders.emailHostFailedIntro(guest, order.title),
      });
    }
    return false;
  }
}

/**
 * A store webhook (verified by the gateway), handled once per event id. Connect's `account.updated` sets
 * whether the host can take orders; `payment_intent.canceled` (an authorisation Stripe let lapse) expires a
 * pending order. Everything else the store learns from its own calls.
 */
export async function handleStoreWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined) {
  if (!ctx.storePayments.parseWebhook) throw new AppError("STRIPE_NOT_CONFIGURED");
  let event: StorePaymentEvent;
  try {
    event = ctx.storePayments.parseWebhook(rawBody, signature);
  } catch {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID");
  }
  if (!(await claimWebhookEvent(ctx.db, event.id, event.type))) return { received: true, duplicate: true };
  try {
    if (event.type === "account.updated" && event.accountRef)
      await applyConnectUpdate(ctx, event.accountRef, event.chargesEnabled === true);
    if (event.type === "payment_intent.canceled" && event.paymentRef) {
      const order = await findOrderByPayment(ctx.db, event.paymentRef);
      if (order?.status === "pending") {
        const moved = await moveOrder(ctx.db, order.id, ["pending"], {
          status: "expired",
          payment: "released",
          decidedAt: ctx.now(),
          updatedAt: ctx.now(),
        });
        if (moved) await afterOrderChange(ctx, moved);
      }
    }
  } catch (error) {
    // Not handled: Stripe delivers it again, and then it must not count as seen.
    await forgetWebhookEvent(ctx.db, event.id);
    throw error;
  }
  return { received: true, duplicate: false };
}
