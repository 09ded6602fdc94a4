import type { SQL, SQLWrapper } from "drizzle-orm";
import type { OrderDto, OrderListResponse, RevenueResponse } from "@doorstep/shared/schemas/store";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { PaymentError } from "../../providers/payments/payment-gateway.ts";
import { getStay } from "../stays/stays.service.ts";
import { refundableOf } from "./order-rules.ts";
import { recordOrderActivity } from "./store-order-activity.ts";
import { adjacentNightTaken } from "./store-orders.service.ts";
import { STORE_AUTHORISE_JOB, STORE_DEADLINE_JOB } from "./store-jobs.service.ts";
import { afterOrderChange, applyStayTime, cancelIfStayCancelled } from "./store-order-effects.ts";
import {
  countPendingOrders,
  hasOffers,
  hasOffersSql,
  pendingOrderCountSql,
  findOrder,
  findOrderPropertyRowId,
  listOrders,
  moveOrder,
  revenueRows,
  type OrderRow,
} from "./store.repository.ts";
import { copy } from "@doorstep/shared/copy";

const ORDERS_PAGE = 200;

async function toOrderDto(ctx: AppContext, row: OrderRow): Promise<OrderDto> {
  const stay = await getStay(ctx, row.accountId, row.stayId).catch(() => null);
  return {
    id: row.id,
    status: row.status,
    payment: row.payment,
    offerId: row.offerId,
    offerType: row.offerType,
    offerTitle: row.title,
    slotTime: row.slotTime,
    quantity: row.quantity,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
    currency: row.currency,
    stayId: row.stayId,
    guestName: stay ? `${stay.guestFirstName} ${stay.guestLastName}`.trim() : "",
    propertyId: stay?.propertyId ?? "",
    propertyTitle: stay?.propertyTitle ?? "",
    checkIn: stay ? `${stay.checkInDate} ${stay.checkInTime}` : "",
    checkOut: stay ? `${stay.checkOutDate} ${stay.checkOutTime}` : "",
    deadlineAt: row.status === "pending" ? (row.deadlineAt?.toISOString() ?? null) : null,
    adjacentNight:
      stay && stay.status !== "cancelled" && row.status === "pending" && row.offerType !== "extra"
        ? (await adjacentNightTaken(ctx, stay, row.offerType))
          ? "taken"
          : "free"
        : null,
    hostNote: row.hostNote,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The property row of one of the account's orders, or null (decision 056's property scope). */
export function orderPropertyRowId(ctx: AppContext, accountId: string, id: string): Promise<string | null> {
  return findOrderPropertyRowId(ctx.db, accountId, id);
}

/** `/orders`: pending first (newest first within each), with the stay and the deadline. */
export async function listHostOrders(ctx: AppContext, caller: Caller): Promise<OrderListResponse> {
  const rows = await listOrders(ctx.db, caller.accountId, ORDERS_PAGE, caller.propertyScope);
  const orders: OrderDto[] = [];
  for (const row of rows) orders.push(await toOrderDto(ctx, row));
  return { orders, pendingCount: await countPendingOrders(ctx.db, caller.accountId, caller.propertyScope) };
}

async function ownedOrder(ctx: AppContext, caller: Caller, orderId: string): Promise<OrderRow> {
  const row = await findOrder(ctx.db, caller.accountId, orderId);
  if (!row) throw notFound("order");
  return row;
}

async function stopJobs(ctx: AppContext, orderId: string): Promise<void> {
  await ctx.jobs.cancel(STORE_DEADLINE_JOB, orderId);
  await ctx.jobs.cancel(STORE_AUTHORISE_JOB, orderId);
}

/**
 * "Approve": the order is claimed from pending first (a racing decline or deadline cannot both win), then the
 * card is captured — authorised now from the saved card when the authorisation was still deferred. A capture
 * that fails leaves the order failed, its card released. Early/late move the stay's time.
 */
export async function approveOrder(ctx: AppContext, caller: Caller, orderId: string): Promise<OrderDto> {
  const order = await ownedOrder(ctx, caller, orderId);
  if (order.status === "pending" && (await cancelIfStayCancelled(ctx, order))) throw new AppError("ORDER_NOT_PENDING");
  const now = ctx.now();
  const claimed = await moveOrder(ctx.db, order.id, ["pending"], {
    status: "confirmed",
    decidedAt: now,
    updatedAt: now,
  });
  if (!claimed) throw new AppError("ORDER_NOT_PENDING");
  await stopJobs(ctx, order.id);
  let paymentRef = claimed.paymentRef;
  try {
    if (claimed.payment === "saved") {
      paymentRef = (
        await ctx.storePayments.authorise({
          amount: claimed.amount,
          currency: claimed.currency,
          paymentMethodRef: claimed.paymentMethodRef ?? "",
          customerRef: claimed.customerRef,
          destinationRef: ctx.storePayments.kind === "stripe" ? claimed.destinationRef : null,
          applicationFee: claimed.applicationFee,
          description: claimed.title,
          metadata: { accountId: claimed.accountId, stayId: claimed.stayId, orderId: claimed.id },
          idempotencyKey: `store-order-${claimed.id}-authorise`,
        })
      ).ref;
    }
    await ctx.storePayments.capture(paymentRef ?? "");
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    if (paymentRef) await ctx.storePayments.release(paymentRef).catch(() => undefined);
    const failed = await moveOrder(ctx.db, order.id, ["confirmed"], {
      status: "failed",
      payment: "released",
      paymentRef,
      updatedAt: ctx.now(),
    });
    if (failed) await afterOrderChange(ctx, failed);
    throw new AppError("CARD_DECLINED");
  }
  const paid = await moveOrder(ctx.db, order.id, ["confirmed"], {
    payment: "captured",
    paymentRef,
    capturedAt: ctx.now(),
    updatedAt: ctx.now(),
  });
  await applyStayTime(ctx, paid ?? claimed);
  await afterOrderChange(ctx, paid ?? claimed);
  const dto = await toOrderDto(ctx, paid ?? claimed);
  await recordOrderActivity(ctx, caller, paid ?? claimed, dto, "approved");
  return dto;
}

/** Releases an order's authorisation, if it has one; a saved card has nothing held. */
async function releaseHold(ctx: AppContext, order: OrderRow): Promise<void> {
  if (order.payment === "authorised" && order.paymentRef) await ctx.storePayments.release(order.paymentRef);
}

/** "Decline" (with an optional note to the guest): the card is released. */
export async function declineOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  note: string | undefined,
): Promise<OrderDto> {
  const order = await ownedOrder(ctx, caller, orderId);
  const now = ctx.now();
  const claimed = await moveOrder(ctx.db, order.id, ["pending"], {
    status: "declined",
    payment: order.payment === "authorised" ? "released" : order.payment,
    hostNote: note || null,
    decidedAt: now,
    updatedAt: now,
  });
  if (!claimed) throw new AppError("ORDER_NOT_PENDING");
  await stopJobs(ctx, order.id);
  await releaseHold(ctx, order);
  await afterOrderChange(ctx, claimed);
  const dto = await toOrderDto(ctx, claimed);
  await recordOrderActivity(ctx, caller, claimed, dto, "declined");
  return dto;
}

/** "Refund": all that is left, or part of it; the order is refunded or partly refunded. */
export async function refundOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: string,
  amount: number | undefined,
): Promise<OrderDto> {
  const order = await ownedOrder(ctx, caller, orderId);
  if (order.payment !== "captured" && order.status !== "partially-refunded") throw new AppError("ORDER_NOT_PAID");
  if (order.status !== "confirmed" && order.status !== "partially-refunded") throw new AppError("ORDER_NOT_PAID");
  const rest = refundableOf(order);
  const refund = amount ?? rest;
  if (refund > rest || refund <= 0) throw new AppError("ORDER_REFUND_TOO_HIGH", undefined, { at: ["amount"] });
  const refunded = order.refundedAmount + refund;
  const full = refunded === order.amount;
  // Claimed on the refunded amount read, so two refunds at once cannot both pass the check.
  const moved = await moveOrder(ctx.db, order.id, [order.status], {
    refundedAmount: refunded,
    status: full ? "refunded" : "partially-refunded",
    payment: full ? "refunded" : "captured",
    updatedAt: ctx.now(),
  });
  if (!moved || moved.refundedAmount !== refunded) throw new AppError("CONFLICT");
  try {
    await ctx.storePayments.refund(order.paymentRef ?? "", refund, `store-refund-${order.id}-${refunded}`);
  } catch (error) {
    await moveOrder(ctx.db, order.id, [moved.status], {
      refundedAmount: order.refundedAmount,
      status: order.status,
      payment: order.payment,
      updatedAt: ctx.now(),
    });
    if (error instanceof PaymentError) throw new AppError("CONFLICT");
    throw error;
  }
  await afterOrderChange(ctx, moved);
  const dto = await toOrderDto(ctx, moved);
  await recordOrderActivity(ctx, caller, moved, dto, "refunded", refund);
  return dto;
}

/** The Revenue view: per month and offer, paid less refunded. */
export async function getRevenue(ctx: AppContext, caller: Caller): Promise<RevenueResponse> {
  return { rows: await revenueRows(ctx.db, caller.accountId, caller.propertyScope) };
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // Formula injection: a cell a spreadsheet would run starts with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The Revenue view as CSV. */
export async function revenueCsv(ctx: AppContext, caller: Caller): Promise<string> {
  const { rows } = await getRevenue(ctx, caller);
  const c = copy.orders;
  const lines = [[c.month, c.offer, c.count, c.amount, "currency"].map(csvCell).join(",")];
  for (const r of rows)
    lines.push([r.month, r.offerTitle, r.orders, (r.amount / 100).toFixed(2), r.currency].map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * SQL for the store's badge of the account `accountId` names, over all its properties: its pending orders and
 * whether it has an offer. GET /api/me reads them with the user in one statement (decision 027).
 */
export function storeBadgeOf(accountId: SQLWrapper): { pendingOrderCount: SQL<number>; storeActive: SQL<boolean> } {
  return { pendingOrderCount: pendingOrderCountSql(accountId), storeActive: hasOffersSql(accountId) };
}

/** GET /api/me's part: requests waiting for the host (the Orders badge) and whether the store has offers. */
export async function getStoreBadge(
  ctx: AppContext,
  accountId: string,
  scope?: readonly string[] | null,
): Promise<{ pendingOrderCount: number; storeActive: boolean }> {
  const [pendingOrderCount, storeActive] = await Promise.all([
    countPendingOrders(ctx.db, accountId, scope),
    hasOffers(ctx.db, accountId),
  ]);
  return { pendingOrderCount, storeActive };
}
