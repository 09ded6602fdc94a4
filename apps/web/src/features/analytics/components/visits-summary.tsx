import { copy } from "@doorstep/shared/copy";
import { COUNT_COLUMNS, type VisitsTable } from "../lib/visits-table.ts";

const c = copy.analytics;
const LABELS = {
  desktop: c.desktop,
  tablet: c.tablet,
  mobileQr: c.mobileQr,
  mobileLink: c.mobileLink,
  mobileStay: c.mobileStay,
  total: c.total,
};

/** The range's totals at a glance, each with its change against the previous period (the table's last rows). */
export function VisitsSummary({ table }: { table: VisitsTable }) {
  // The total first: it is what a host looks for.
  const order = [5, 0, 1, 2, 3, 4];
  return (
    <section aria-label={c.summary}>
      <dl className="analytics-summary">
        {order.map((i) => (
          <div key={COUNT_COLUMNS[i]} className={i === 5 ? "analytics-summary__total" : undefined}>
            <dt>{LABELS[COUNT_COLUMNS[i]!]}</dt>
            <dd>
              <span className="analytics-summary__value">{table.totals[i]}</span>
              <span className="analytics-summary__change">{c.againstPrevious(table.change[i]!)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
