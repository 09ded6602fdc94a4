import PDFDocument from "pdfkit";
import type { AppContext, Caller } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { requireBillingContext } from "./billing.service.ts";
import { escapeHtml } from "../../lib/escape-html.ts";

export interface Receipt {
  id: string;
  customerEmail: string;
  issuedAt: Date;
  periodStart: Date;
  periodEnd: Date;
  amountPaid: number;
  currency: string;
}

/**
 * A paid invoice of the caller's account on the local gateway (BILL-40). Stripe hosts its own invoice
 * pages and PDFs; the local gateway serves these instead. Another account's invoice is 404.
 */
export async function getLocalReceipt(ctx: AppContext, caller: Caller, invoiceId: string): Promise<Receipt> {
  const { billing, user } = await requireBillingContext(ctx, caller);
  if (!billing?.customerRef || billing.gateway !== "local") throw notFound("invoice");
  const invoice = (await ctx.payments.findPaidInvoice?.(billing.customerRef, invoiceId)) ?? null;
  if (!invoice || invoice.amountPaid <= 0) throw notFound("invoice");
  return {
    id: invoice.id,
    customerEmail: user.email,
    issuedAt: invoice.createdAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    amountPaid: invoice.amountPaid,
    currency: invoice.currency,
  };
}

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency: currency.toUpperCase() }).format(minor / 100);
const day = (d: Date) => d.toISOString().slice(0, 10);

function lines(r: Receipt): [string, string][] {
  return [
    ["Receipt", r.id],
    ["Billed to", r.customerEmail],
    ["Date", day(r.issuedAt)],
    ["Period", `${day(r.periodStart)} to ${day(r.periodEnd)}`],
    ["Amount paid", money(r.amountPaid, r.currency)],
    ["Currency", r.currency.toUpperCase()],
  ];
}

/** The receipt as a small printable HTML page. */
export function receiptHtml(r: Receipt): string {
  const rows = lines(r)
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Doorstep receipt ${escapeHtml(r.id)}</title>
<style>body{font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:40px auto;padding:0 16px}th{text-align:left;padding:6px 16px 6px 0;color:#6b7280;font-weight:500}td{padding:6px 0}h1{font-size:22px}</style></head>
<body><h1>Doorstep — receipt</h1><p>Thank you for your payment.</p><table>${rows}</table></body></html>`;
}

/** The receipt as a one-page PDF (the "download" link). */
export function receiptPdf(r: Receipt): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: `Doorstep receipt ${r.id}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(20).text("Doorstep — receipt").moveDown(0.5);
    doc.fontSize(11).fillColor("#374151").text("Thank you for your payment.").moveDown();
    for (const [k, v] of lines(r))
      doc.fillColor("#6b7280").text(k, { continued: true }).fillColor("#111827").text(`   ${v}`);
    doc.end();
  });
}
