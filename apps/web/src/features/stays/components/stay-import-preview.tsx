import { copy } from "@doorstep/shared/copy";
import type { StayImportResponse, StayImportRow } from "@doorstep/shared/schemas/stay-import";
import { formatShortDay } from "../lib/format-stay.ts";

const c = copy.stayImport;

/** A refused row's reason in the catalogue's words. */
export function reasonText(reason: NonNullable<StayImportRow["reason"]>): string {
  return (c.rowError[reason.code] as (params: unknown) => string)(reason.params);
}

function dates(row: StayImportRow): string {
  if (!row.checkInDate || !row.checkOutDate) return "";
  return `${formatShortDay(row.checkInDate)} – ${formatShortDay(row.checkOutDate)}`;
}

/** Every row of the file by its line: new, changed, unchanged, or refused with the reason beside it. */
export function StayImportPreview({ preview }: { preview: StayImportResponse }) {
  return (
    <div className="stay-import__table-wrap" tabIndex={0} role="region" aria-label={c.rowsLabel}>
      <table className="stay-import__table">
        <thead>
          <tr>
            <th scope="col">{c.columns.line}</th>
            <th scope="col">{c.columns.result}</th>
            <th scope="col">{c.columns.guest}</th>
            <th scope="col">{c.columns.dates}</th>
            <th scope="col">{c.columns.reservation}</th>
            <th scope="col">{c.columns.property}</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.line} className={`stay-import__row stay-import__row--${row.outcome}`}>
              <td className="stay-import__line" data-label={c.columns.line}>
                {row.line}
              </td>
              <td className="stay-import__result">
                <span className={`stay-import__outcome stay-import__outcome--${row.outcome}`}>
                  {c.outcome[row.outcome]}
                </span>
                {row.reason ? <span className="stay-import__reason">{reasonText(row.reason)}</span> : null}
              </td>
              <td className="stay-import__guest" data-label={c.columns.guest}>
                {row.guestName}
              </td>
              <td className="stay-import__dates" data-label={c.columns.dates}>
                {dates(row)}
              </td>
              <td className="stay-import__code" data-label={c.columns.reservation}>
                {row.reservationId}
              </td>
              <td className="stay-import__code" data-label={c.columns.property}>
                {row.propertyId}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
