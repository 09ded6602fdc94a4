import { and, eq, inArray, lte, or } from "drizzle-orm";
import { nextBillingDate } from "@doorstep/shared/rules/billing";
import type { Db } from "../../db/client.ts";
import { localInvoices, localSubscriptions } from "../../db/schema/local-gateway.ts";
import type { GatewayEvent } from "./payment-gateway.ts";
import { charge, localId, payOpenInvoices, periodAmount, type SubscriptionRow } from "./local-billing.ts";

const DAY = 86_400_000;
/** Past-due invoices are retried every 3 days; after 4 failed attempts the subscription is unpaid (Stripe's default shape). */
const RETRY_EVERY_MS = 3 * DAY;
const MAX_ATTEMPTS = 4;

/**
 * The local gateway's renewal job: bills every period that has ended and retries past-due invoices, each
 * row claimed once across instances (SKIP LOCKED); returns the events, shaped like Stripe's webhooks.
 */
export async function runDueRenewals(db: Db, at: Date, batch: number): Promise<GatewayEvent[]> {
  const events: GatewayEvent[] = [];
  const event = (type: string, row: SubscriptionRow) =>
    events.push({ id: localId("evt"), type, customerRef: row.customerRef, subscriptionRef: row.id });
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(localSubscriptions)
      .where(
        or(
          and(inArray(localSubscriptions.status, ["trialing", "active"]), lte(localSubscriptions.currentPeriodEnd, at)),
          and(eq(localSubscriptions.status, "past_due"), lte(localSubscriptions.nextRetryAt, at)),
        ),
      )
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const row of due) {
      if (row.status === "past_due") {
        const failure = await payOpenInvoices(tx, row);
        if (!failure) {
          await tx
            .update(localSubscriptions)
            .set({ status: "active", failedAttempts: 0, nextRetryAt: null, updatedAt: at })
            .where(eq(localSubscriptions.id, row.id));
          event("invoice.paid", row);
        } else if (row.failedAttempts + 1 >= MAX_ATTEMPTS) {
          await tx
            .update(localSubscriptions)
            .set({ status: "unpaid", failedAttempts: row.failedAttempts + 1, nextRetryAt: null, updatedAt: at })
            .where(eq(localSubscriptions.id, row.id));
          event("customer.subscription.updated", row);
        } else {
          await tx
            .update(localSubscriptions)
            .set({
              failedAttempts: row.failedAttempts + 1,
              nextRetryAt: new Date(at.getTime() + RETRY_EVERY_MS),
              updatedAt: at,
            })
            .where(eq(localSubscriptions.id, row.id));
          event("invoice.payment_failed", row);
        }
        continue;
      }
      // Set to cancel at its period's end (decision 060): it ends now, billing nothing more (Stripe's shape).
      if (row.cancelAtPeriodEnd) {
        await tx
          .update(localSubscriptions)
          .set({ status: "canceled", cancelAtPeriodEnd: false, updatedAt: at })
          .where(eq(localSubscriptions.id, row.id));
        event("customer.subscription.deleted", row);
        continue;
      }
      // A new period: from the old end, +30 / +366 days (XCUT-57).
      const periodStart = row.currentPeriodEnd;
      const periodEnd = nextBillingDate(periodStart, row.cycle);
      const amount = periodAmount(row, periodStart);
      const failure = await charge(tx, row.paymentMethodRef, amount);
      await tx.insert(localInvoices).values({
        id: localId("in"),
        subscriptionRef: row.id,
        customerRef: row.customerRef,
        currency: row.currency,
        amountDue: amount,
        amountPaid: failure ? 0 : amount,
        status: failure ? "open" : "paid",
        periodStart,
        periodEnd,
        createdAt: at,
      });
      await tx
        .update(localSubscriptions)
        .set({
          status: failure ? "past_due" : "active",
          currentPeriodStart: periodStart,
          currentPeriodEnd: periodEnd,
          failedAttempts: failure ? 1 : 0,
          nextRetryAt: failure ? new Date(at.getTime() + RETRY_EVERY_MS) : null,
          updatedAt: at,
        })
        .where(eq(localSubscriptions.id, row.id));
      event(failure ? "invoice.payment_failed" : "invoice.paid", row);
    }
  });
  return events;
}
