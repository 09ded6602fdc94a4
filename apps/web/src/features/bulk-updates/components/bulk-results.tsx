import { copy } from "@doorstep/shared/copy";
import type { BulkUpdateResponse } from "@doorstep/shared/schemas/bulk-updates";

const c = copy.bulkUpdates;

/** Per-property lines of a check or an update (BULK-05): the detail now, as it will be, and what happened. */
export function BulkResults({ result }: { result: BulkUpdateResponse }) {
  const count = (status: string) => result.results.filter((r) => r.status === status).length;
  const title = result.applied ? c.resultTitle : c.previewTitle;
  const summary = result.applied
    ? c.summary(count("updated"), count("unchanged"), count("not-found"), count("rejected"))
    : c.previewSummary(count("will-update"), count("unchanged"), count("not-found"), count("rejected"));
  return (
    <div className="bulk-results">
      <h2 id="bulk-results-h">{title}</h2>
      <p role="status">{summary}</p>
      <div className="bulk-results__scroll" tabIndex={0} role="region" aria-labelledby="bulk-results-h">
        <table>
          <thead>
            <tr>
              <th scope="col">{c.property}</th>
              <th scope="col">{c.before}</th>
              <th scope="col">{c.after}</th>
              <th scope="col">{c.status}</th>
            </tr>
          </thead>
          <tbody>
            {result.results.map((line) => (
              <tr key={line.propertyId} data-status={line.status}>
                <th scope="row">
                  {line.title ?? line.propertyId}
                  {line.title ? <span className="bulk-results__id">{line.propertyId}</span> : null}
                </th>
                <td>{line.before ?? "—"}</td>
                <td>{line.after ?? "—"}</td>
                <td>
                  <span className={`bulk-results__status bulk-results__status--${line.status}`}>
                    {c.statuses[line.status]}
                  </span>
                  {line.reason ? <span className="bulk-results__reason">{line.reason}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
