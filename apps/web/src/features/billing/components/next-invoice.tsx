import { copy } from "@doorstep/shared/copy";
import { CURRENCY_SYMBOLS } from "@doorstep/shared/rules/billing";
import type { UpcomingInvoiceDto } from "@doorstep/shared/schemas/billing";
import { useId } from "react";
import { formatLongDate, formatMoney } from "../../../lib/format.ts";
import { DetailRows } from "./detail-rows.tsx";

const b = copy.billing;
const columns = b.invoiceLineColumns;

/**
 * BILL-37/38: the next invoice as the provider previews it: the amount due after any coupon (the list
 * price struck through while P10 applies, BILL-18), when it is due and charged, the period and its lines.
 */
export function NextInvoice({ invoice }: { invoice: UpcomingInvoiceDto }) {
  const titleId = useId();
  const symbol = CURRENCY_SYMBOLS[invoice.currency];
  const discounted = invoice.amountDue < invoice.subtotal;
  const rows: [string, string][] = [
    [b.invoicePeriod, b.period(formatLongDate(invoice.periodStart), formatLongDate(invoice.periodEnd))],
  ];
  if (invoice.dueDate) rows.push([b.dueDate, formatLongDate(invoice.dueDate)]);
  if (invoice.nextPaymentAttempt) rows.push([b.nextPaymentAttempt, formatLongDate(invoice.nextPaymentAttempt)]);
  return (
    <section className="next-invoice" aria-labelledby={titleId}>
      <h3 id={titleId} className="next-invoice__title">
        {b.nextInvoice}
      </h3>
      <dl className="billing-details">
        <div className="billing-details__row">
          <dt>{b.amountDue}</dt>
          <dd>
            {discounted ? (
              <>
                <s className="muted">
                  <span className="visually-hidden">{b.listPrice} </span>
                  {formatMoney(invoice.subtotal, symbol)}
                </s>{" "}
              </>
            ) : null}
            <strong>{formatMoney(invoice.amountDue, symbol)}</strong>
            {discounted && invoice.coupon ? (
              <span className="plan-price__discount"> {b.couponOnInvoice(invoice.coupon)}</span>
            ) : null}
          </dd>
        </div>
        <DetailRows rows={rows} />
      </dl>
      {invoice.lines.length > 0 ? (
        <div className="invoices__scroll">
          <table className="invoices" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{columns.description}</th>
                <th scope="col">{columns.quantity}</th>
                <th scope="col">{columns.amount}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line, index) => (
                <tr key={index}>
                  <td>{line.description}</td>
                  <td>{line.quantity}</td>
                  <td>{formatMoney(line.amount, symbol)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
