import { copy } from "@doorstep/shared/copy";
import type { AnalyticsVisitsResponse } from "@doorstep/shared/schemas/analytics";
import { shortDayLabel } from "../lib/range.ts";
import type { VisitsTable as Table } from "../lib/visits-table.ts";

const c = copy.analytics;

/**
 * The figures under the chart (ANL-03/04): a row per day, the totals, the previous range and the change.
 * The day column stays in view when a narrow screen scrolls the figures sideways.
 */
export function VisitsTable({ data, table, id }: { data: AnalyticsVisitsResponse; table: Table; id: string }) {
  return (
    <div className="analytics-table" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      <table id={id}>
        <caption id={`${id}-caption`}>{c.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              {c.day}
            </th>
            <th scope="col" rowSpan={2} className="num">
              {c.desktop}
            </th>
            <th scope="col" rowSpan={2} className="num">
              {c.tablet}
            </th>
            <th scope="colgroup" colSpan={3} className="analytics-table__group">
              {c.mobile}
            </th>
            <th scope="col" rowSpan={2} className="num">
              {c.total}
            </th>
          </tr>
          <tr>
            <th scope="col" className="num">
              {c.qrCode}
            </th>
            <th scope="col" className="num">
              {c.webLink}
            </th>
            <th scope="col" className="num">
              {c.stayLink}
            </th>
          </tr>
        </thead>
        <tbody>
          {table.days.map(({ day, figures }) => (
            <tr key={day} data-day={day}>
              <th scope="row">
                <time dateTime={day}>{shortDayLabel(day, true)}</time>
              </th>
              {figures.map((n, i) => (
                <td key={i} className="num">
                  {n}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="analytics-table__totals">
            <th scope="row">{c.totals}</th>
            {table.totals.map((n, i) => (
              <td key={i} className="num">
                {n}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{c.previousRange(shortDayLabel(data.previous.from), shortDayLabel(data.previous.to))}</th>
            {table.previous.map((n, i) => (
              <td key={i} className="num">
                {n}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{c.change}</th>
            {table.change.map((text, i) => (
              <td key={i} className="num">
                {text}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
