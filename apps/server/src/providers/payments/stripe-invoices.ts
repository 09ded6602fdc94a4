import Stripe from "stripe";
import type { GatewayInvoice, GatewayInvoiceLine, UpcomingInvoice } from "./payment-gateway.ts";
import { toDate } from "./stripe-client.ts";

/**
 * The service period an invoice bills: its subscription line's period. The invoice's own period_start /
 * period_end are the window for pending items (for a renewal, the period just ended), not what was paid for.
 */
function servicePeriod(invoice: Stripe.Invoice): { start: Date; end: Date } {
  const line = invoice.lines.data.find((l) => l.parent?.type === "subscription_item_details") ?? invoice.lines.data[0];
  return line
    ? { start: new Date(line.period.start * 1000), end: new Date(line.period.end * 1000) }
    : { start: new Date(invoice.period_start * 1000), end: new Date(invoice.period_end * 1000) };
}

const toLine = (line: Stripe.InvoiceLineItem): GatewayInvoiceLine => ({
  description: line.description ?? "",
  quantity: line.quantity ?? 0,
  amount: line.amount,
});

/** Stripe's preview of the subscription's next invoice (BILL-37); null when it will not bill again. */
export async function previewStripeInvoice(stripe: Stripe, ref: string): Promise<UpcomingInvoice | null> {
  let invoice: Stripe.Invoice;
  try {
    invoice = await stripe.invoices.createPreview({ subscription: ref });
  } catch (error) {
    // A subscription that will not bill again has nothing to preview.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "invoice_upcoming_none") return null;
    throw error;
  }
  const period = servicePeriod(invoice);
  return {
    amountDue: invoice.amount_due,
    subtotal: invoice.subtotal,
    currency: invoice.currency,
    nextPaymentAttempt: toDate(invoice.next_payment_attempt),
    // Charged automatically, Stripe leaves due_date null: the invoice is due the day it is issued.
    dueDate: toDate(invoice.due_date) ?? toDate(invoice.created),
    periodStart: period.start,
    periodEnd: period.end,
    lines: invoice.lines.data.map(toLine),
  };
}

/** A customer's invoices, newest first, by Stripe's cursor (IMPL-16: read from Stripe, never stored). */
export async function listStripeInvoices(
  stripe: Stripe,
  customerRef: string,
  { startingAfter, limit }: { startingAfter?: string; limit: number },
): Promise<{ items: GatewayInvoice[]; hasMore: boolean }> {
  const page = await stripe.invoices.list({
    customer: customerRef,
    limit,
    ...(startingAfter ? { starting_after: startingAfter } : {}),
  });
  return {
    items: page.data.map((invoice) => ({
      id: invoice.id ?? "",
      createdAt: new Date(invoice.created * 1000),
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      periodStart: servicePeriod(invoice).start,
      periodEnd: servicePeriod(invoice).end,
      hostedUrl: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
    })),
    hasMore: page.has_more,
  };
}
