import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { applyPercentOff, couponApplies, type SubscriptionStatus } from "@doorstep/shared/rules/billing";
import type { Db } from "../../db/client.ts";
import { localInvoices, localPaymentMethods, localSubscriptions } from "../../db/schema/local-gateway.ts";
import { PaymentError, type SubscriptionSnapshot } from "./payment-gateway.ts";
import type { CardBehaviour } from "./local-cards.ts";

// What the local gateway's subscriptions, invoices and renewals share: charging a test card and pricing a period.

export type SubscriptionRow = typeof localSubscriptions.$inferSelect;

/** What the local gateway runs on: our database and the app's clock. */
export interface LocalDeps {
  db: Db;
  now: () => Date;
}

export const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString("hex")}`;

/** The refusals of Stripe's test cards, with Stripe's messages. */
export const CARD_ERRORS: Record<Exclude<CardBehaviour, "ok" | "fails_later">, PaymentError> = {
  declined: new PaymentError("card_declined", "Your card was declined."),
  insufficient_funds: new PaymentError("insufficient_funds", "Your card has insufficient funds."),
  authentication_required: new PaymentError("authentication_required", "Your card requires authentication."),
};

export function snapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    ref: row.id,
    customerRef: row.customerRef,
    status: row.status as SubscriptionStatus,
    quantity: row.quantity,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    renewalPending: false,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

export async function findSubscription(db: Db, ref: string): Promise<SubscriptionRow> {
  const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, ref)).limit(1);
  if (!row) throw new PaymentError("provider", `No such subscription: ${ref}`);
  return row;
}

export async function findMethod(db: Db, ref: string) {
  const [row] = await db.select().from(localPaymentMethods).where(eq(localPaymentMethods.id, ref)).limit(1);
  return row ?? null;
}

/** A charge succeeds for good cards; "fails_later" cards attach but every charge fails (→ past_due). */
export async function charge(db: Db, paymentMethodRef: string | null, amount: number): Promise<PaymentError | null> {
  if (amount === 0) return null;
  const method = paymentMethodRef ? await findMethod(db, paymentMethodRef) : null;
  if (!method) return new PaymentError("card_declined", "No card on file.");
  const behaviour = method.behaviour as CardBehaviour;
  if (behaviour === "ok") return null;
  if (behaviour === "fails_later") return CARD_ERRORS.declined;
  return CARD_ERRORS[behaviour];
}

/** The period's price before the coupon: the renewal amount from the second paid period on (BILL-13). */
export function listAmount(
  row: Pick<SubscriptionRow, "amount" | "renewalAmount" | "createdAt" | "trialEnd">,
  periodStart: Date,
): number {
  const firstPaidPeriodStart = row.trialEnd ?? row.createdAt;
  return row.renewalAmount !== null && periodStart > firstPaidPeriodStart ? row.renewalAmount : row.amount;
}

/**
 * The amount billed for a period: the renewal amount from the second paid period on (BILL-13; the first
 * paid period starts at the trial end, or at creation when charged now), less the coupon in its first year.
 */
export function periodAmount(
  row: Pick<
    SubscriptionRow,
    "amount" | "renewalAmount" | "couponPercentOff" | "couponMonths" | "createdAt" | "trialEnd"
  >,
  periodStart: Date,
): number {
  const amount = listAmount(row, periodStart);
  if (row.couponPercentOff && row.couponMonths && couponApplies(row.createdAt, periodStart, row.couponMonths)) {
    return applyPercentOff(amount, row.couponPercentOff);
  }
  return amount;
}

/** Pays a subscription's open invoices with its card; the first refusal stops and is returned. */
export async function payOpenInvoices(db: Db, row: SubscriptionRow): Promise<PaymentError | null> {
  const open = await db
    .select()
    .from(localInvoices)
    .where(and(eq(localInvoices.subscriptionRef, row.id), eq(localInvoices.status, "open")));
  for (const invoice of open) {
    const failure = await charge(db, row.paymentMethodRef, invoice.amountDue);
    if (failure) return failure;
    await db
      .update(localInvoices)
      .set({ status: "paid", amountPaid: invoice.amountDue })
      .where(eq(localInvoices.id, invoice.id));
  }
  return null;
}
