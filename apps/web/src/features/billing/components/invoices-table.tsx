import { copy } from "@doorstep/shared/copy";
import { CURRENCY_SYMBOLS } from "@doorstep/shared/rules/billing";
import { useId } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatLongDate, formatMoney } from "../../../lib/format.ts";
import { useInvoices } from "../api/list-invoices.ts";

const b = copy.billing;
const columns = b.invoiceColumns;

/** BILL-40: "Invoices & Receipts" with Date, Amount, Currency, a view link and a download link. */
export function InvoicesTable() {
  const titleId = useId();
  const invoices = useInvoices(true);
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <h2 id={titleId} className="billing-section__title">
        {b.invoicesTitle}
      </h2>
      {invoices.isPending ? <Spinner /> : null}
      {invoices.isError ? <Alert>{copy.common.genericError}</Alert> : null}
      {invoices.isSuccess && items.length === 0 ? <p className="muted">{b.noInvoices}</p> : null}
      {items.length > 0 ? (
        <div className="invoices__scroll">
          <table className="invoices" aria-labelledby={titleId}>
            <thead>
              <tr>
                <th scope="col">{columns.date}</th>
                <th scope="col">{columns.amount}</th>
                <th scope="col">{columns.currency}</th>
                <th scope="col">{b.invoicePeriod}</th>
                <th scope="col">{columns.view}</th>
                <th scope="col">{columns.download}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{formatLongDate(invoice.date)}</td>
                  <td>{formatMoney(invoice.amountPaid, CURRENCY_SYMBOLS[invoice.currency])}</td>
                  <td>{invoice.currency.toUpperCase()}</td>
                  <td>{b.period(formatLongDate(invoice.periodStart), formatLongDate(invoice.periodEnd))}</td>
                  <td>
                    {invoice.hostedUrl ? (
                      <a href={invoice.hostedUrl} target="_blank" rel="noopener noreferrer">
                        {b.invoiceLinks.view}
                      </a>
                    ) : null}
                  </td>
                  <td>
                    {invoice.pdfUrl ? (
                      <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer" download>
                        {b.invoiceLinks.download}
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {invoices.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          busy={invoices.isFetchingNextPage}
          disabled={invoices.isFetchingNextPage}
          onClick={() => void invoices.fetchNextPage()}
        >
          {b.moreInvoices}
        </Button>
      ) : null}
    </Card>
  );
}
