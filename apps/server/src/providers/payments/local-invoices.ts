import { and, desc, eq, lt, or } from "drizzle-orm";
import { CURRENCY_SYMBOLS, isCurrency, NEXT_BILLING_DAYS, nextBillingDate } from "@doorstep/shared/rules/billing";
import type { Db } from "../../db/client.ts";
import { localInvoices } from "../../db/schema/local-gateway.ts";
import type { GatewayInvoice, PaidInvoice, UpcomingInvoice } from "./payment-gateway.ts";
import { listAmount, periodAmount, type SubscriptionRow } from "./local-billing.ts";

/** The line of a period's invoice, worded like Stripe's: "2 × Doorstep monthly plan (at $6.645 / every 30 days)". */
function periodLine(row: Pick<SubscriptionRow, "quantity" | "currency" | "cycle">, amount: number) {
  const symbol = isCurrency(row.currency) ? CURRENCY_SYMBOLS[row.currency] : row.currency.toUpperCase();
  const unit = (amount / row.quantity / 100).toFixed(4).replace(/(\.\d\d\d*?)0+$/, "$1");
  return {
    description: `${row.quantity} × Doorstep ${row.cycle} plan (at ${symbol}${unit} / every ${NEXT_BILLING_DAYS[row.cycle]} days)`,
    quantity: row.quantity,
    amount,
  };
}

/** The local gateway's next invoice for a subscription (BILL-37); null when it will not bill again. */
export function previewLocalInvoice(row: SubscriptionRow): UpcomingInvoice | null {
  // Only these are billed again by runDueRenewals (unpaid and canceled are not).
  if (!["trialing", "active", "past_due"].includes(row.status)) return null;
  // The next period starts where this one ends and is charged then (BILL-25: +30 / +366 days).
  const periodStart = row.currentPeriodEnd;
  const subtotal = listAmount(row, periodStart);
  return {
    amountDue: periodAmount(row, periodStart),
    subtotal,
    currency: row.currency,
    nextPaymentAttempt: periodStart,
    dueDate: periodStart,
    periodStart,
    periodEnd: nextBillingDate(periodStart, row.cycle),
    lines: [periodLine(row, subtotal)],
  };
}

/** A customer's local invoices, newest first, by cursor (IMPL-16). */
export async function listLocalInvoices(
  db: Db,
  customerRef: string,
  { startingAfter, limit }: { startingAfter?: string; limit: number },
) {
  const conditions = [eq(localInvoices.customerRef, customerRef)];
  if (startingAfter) {
    const [after] = await db.select().from(localInvoices).where(eq(localInvoices.id, startingAfter)).limit(1);
    if (after) {
      conditions.push(
        or(
          lt(localInvoices.createdAt, after.createdAt),
          and(eq(localInvoices.createdAt, after.createdAt), lt(localInvoices.id, after.id)),
        )!,
      );
    }
  }
  const rows = await db
    .select()
    .from(localInvoices)
    .where(and(...conditions))
    .orderBy(desc(localInvoices.createdAt), desc(localInvoices.id))
    .limit(limit + 1);
  const items: GatewayInvoice[] = rows.slice(0, limit).map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    amountPaid: r.amountPaid,
    currency: r.currency,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    // Served by features/billing/receipt.ts (Stripe hosts its own).
    hostedUrl: `/api/billing/invoices/${r.id}/receipt`,
    pdfUrl: `/api/billing/invoices/${r.id}/receipt.pdf`,
  }));
  return { items, hasMore: rows.length > limit };
}

/** A paid invoice of the customer (BILL-40's receipts), or null. */
export async function findPaidLocalInvoice(
  db: Db,
  customerRef: string,
  invoiceId: string,
): Promise<PaidInvoice | null> {
  const [invoice] = await db
    .select()
    .from(localInvoices)
    .where(
      and(
        eq(localInvoices.id, invoiceId),
        eq(localInvoices.customerRef, customerRef),
        eq(localInvoices.status, "paid"),
      ),
    )
    .limit(1);
  if (!invoice) return null;
  const { id, createdAt, periodStart, periodEnd, amountPaid, currency } = invoice;
  return { id, createdAt, periodStart, periodEnd, amountPaid, currency };
}
