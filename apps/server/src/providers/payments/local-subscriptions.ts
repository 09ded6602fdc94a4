import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { nextBillingDate } from "@doorstep/shared/rules/billing";
import { localInvoices, localSubscriptions } from "../../db/schema/local-gateway.ts";
import {
  charge,
  findSubscription,
  localId,
  payOpenInvoices,
  periodAmount,
  snapshot,
  type LocalDeps,
} from "./local-billing.ts";
import type { NewSubscription, QuantityChange, SubscriptionSnapshot } from "./payment-gateway.ts";

/**
 * A subscription in our tables: trialing until the trial end, else its first period charged now. The id
 * follows from the idempotency key, so a repeated request answers the subscription it made the first time.
 */
export async function createLocalSubscription(
  { db, now }: LocalDeps,
  input: NewSubscription,
): Promise<SubscriptionSnapshot> {
  const ref = `sub_local_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
  const existing = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, ref)).limit(1);
  if (existing[0]) return snapshot(existing[0]);
  const start = now();
  const base = {
    id: ref,
    customerRef: input.customerRef,
    currency: input.currency,
    cycle: input.cycle,
    quantity: input.quantity,
    amount: input.amount,
    renewalAmount: input.renewalAmount,
    couponPercentOff: input.coupon?.percentOff ?? null,
    couponMonths: input.coupon?.months ?? null,
    paymentMethodRef: input.paymentMethodRef,
    currentPeriodStart: start,
    createdAt: start,
    updatedAt: start,
  };
  if (input.trialEnd && input.trialEnd > start) {
    const [row] = await db
      .insert(localSubscriptions)
      .values({ ...base, status: "trialing", currentPeriodEnd: input.trialEnd, trialEnd: input.trialEnd })
      .returning();
    return snapshot(row!);
  }
  // After the trial: charged now, next billing +30 / +366 days (BILL-25); a refused charge creates nothing.
  const amount = periodAmount({ ...base, createdAt: start, trialEnd: null }, start);
  const failure = await charge(db, input.paymentMethodRef, amount);
  if (failure) throw failure;
  const periodEnd = nextBillingDate(start, input.cycle);
  const [row] = await db
    .insert(localSubscriptions)
    .values({ ...base, status: "active", currentPeriodEnd: periodEnd, trialEnd: null })
    .returning();
  await db.insert(localInvoices).values({
    id: localId("in"),
    subscriptionRef: ref,
    customerRef: input.customerRef,
    currency: input.currency,
    amountDue: amount,
    amountPaid: amount,
    status: "paid",
    periodStart: start,
    periodEnd,
    createdAt: start,
  });
  return snapshot(row!);
}

export async function updateLocalQuantity(
  { db, now }: LocalDeps,
  ref: string,
  { quantity, amount, renewalAmount }: QuantityChange,
): Promise<SubscriptionSnapshot> {
  // Local simplification: the new total applies from the next period (no proration line).
  await db
    .update(localSubscriptions)
    .set({ quantity, amount, renewalAmount, updatedAt: now() })
    .where(eq(localSubscriptions.id, ref));
  return snapshot(await findSubscription(db, ref));
}

/** A trialing subscription starts billing at the new end; any other is left as it is. */
export async function extendLocalTrial(
  { db, now }: LocalDeps,
  ref: string,
  trialEnd: Date,
): Promise<SubscriptionSnapshot> {
  const row = await findSubscription(db, ref);
  if (row.status === "trialing") {
    await db
      .update(localSubscriptions)
      .set({ trialEnd, currentPeriodEnd: trialEnd, updatedAt: now() })
      .where(eq(localSubscriptions.id, ref));
  }
  return snapshot(await findSubscription(db, ref));
}

/** The card becomes the subscription's; its open invoices are paid with it, which ends a past-due spell. */
export async function retryLocalOpenInvoice(
  { db, now }: LocalDeps,
  ref: string,
  paymentMethodRef: string,
): Promise<SubscriptionSnapshot> {
  await db.update(localSubscriptions).set({ paymentMethodRef, updatedAt: now() }).where(eq(localSubscriptions.id, ref));
  const row = await findSubscription(db, ref);
  const failure = await payOpenInvoices(db, row);
  if (failure) throw failure;
  if (row.status === "past_due" || row.status === "unpaid") {
    await db
      .update(localSubscriptions)
      .set({ status: "active", failedAttempts: 0, nextRetryAt: null, updatedAt: now() })
      .where(eq(localSubscriptions.id, ref));
  }
  return snapshot(await findSubscription(db, ref));
}

/**
 * Canceled at once, its open invoices voided (as Stripe voids them); or, `atPeriodEnd`, marked to end when its
 * period (or trial) ends: the renewal job ends it then instead of billing.
 */
export async function cancelLocalSubscription(
  { db, now }: LocalDeps,
  ref: string,
  atPeriodEnd: boolean,
): Promise<void> {
  if (atPeriodEnd) {
    await db
      .update(localSubscriptions)
      .set({ cancelAtPeriodEnd: true, updatedAt: now() })
      .where(eq(localSubscriptions.id, ref));
    return;
  }
  await db
    .update(localSubscriptions)
    .set({ status: "canceled", updatedAt: now() })
    .where(eq(localSubscriptions.id, ref));
  await db
    .update(localInvoices)
    .set({ status: "void" })
    .where(and(eq(localInvoices.subscriptionRef, ref), eq(localInvoices.status, "open")));
}

/** A subscription set to end at its period's end renews again; one already ended stays ended. */
export async function resumeLocalSubscription({ db, now }: LocalDeps, ref: string): Promise<SubscriptionSnapshot> {
  await db
    .update(localSubscriptions)
    .set({ cancelAtPeriodEnd: false, updatedAt: now() })
    .where(and(eq(localSubscriptions.id, ref), eq(localSubscriptions.cancelAtPeriodEnd, true)));
  return snapshot(await findSubscription(db, ref));
}
