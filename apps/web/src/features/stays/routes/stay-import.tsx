import { copy } from "@doorstep/shared/copy";
import {
  STAY_CSV_COLUMNS,
  STAY_CSV_DATE_ORDERS,
  STAY_CSV_MAX_ROWS,
  stayCsvDateFormats,
  stayCsvDateOrder,
  type StayCsvDateOrder,
} from "@doorstep/shared/rules/stay-import";
import { STAY_IMPORT_MAX_BYTES, type StayImportResponse } from "@doorstep/shared/schemas/stay-import";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useApplyStayImport, usePreviewStayImport } from "../api/import-stays.ts";
import { StayImportPreview } from "../components/stay-import-preview.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import "../../../components/ui/text-field.css";
import "./stay-import.css";

const c = copy.stayImport;

/** The browser's language: accounts have none, and it decides how 03/04/2027 reads unless the host says. */
function browserLocale(): string {
  return typeof navigator === "undefined" ? "en" : navigator.language || "en";
}

/**
 * /stays/import: which columns and dates a file may hold, the file, a preview of every row (new, changed,
 * unchanged, or refused with its reason) and "Import {n} stays", which sends the same file with the preview's
 * digest. Any change of file or date order drops the preview, so what is imported is what was shown.
 */
export function StayImportPage() {
  useDocumentTitle(c.title);
  const navigate = useNavigate();
  const fileId = useId();
  const orderName = useId();
  const locale = browserLocale();
  const [dateOrder, setDateOrder] = useState<StayCsvDateOrder>(() => stayCsvDateOrder(locale));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StayImportResponse | null>(null);
  const previewing = usePreviewStayImport();
  const applying = useApplyStayImport();
  const error = previewing.error ?? applying.error;
  const toImport = preview ? preview.counts.new + preview.counts.changed : 0;

  const reset = () => {
    setPreview(null);
    previewing.reset();
    applying.reset();
  };
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    applying.reset();
    previewing.mutate({ file, locale, dateOrder }, { onSuccess: setPreview });
  };
  const onApply = () => {
    if (!file || !preview) return;
    applying.mutate(
      { file, locale, dateOrder, digest: preview.digest },
      {
        onSuccess: (done) =>
          navigate("/stays", { state: { notice: c.applied(done.counts.new + done.counts.changed) } }),
        // The stays moved since the preview: it no longer says what would happen.
        onError: () => setPreview(null),
      },
    );
  };

  return (
    <div className="stay-import">
      <BackLink to="/stays">{c.backToStays}</BackLink>
      <h1>{c.title}</h1>
      <p>{c.intro}</p>
      <section className="stay-import__help" aria-labelledby={`${fileId}-columns`}>
        <h2 id={`${fileId}-columns`}>{c.columnsHeading}</h2>
        <p>{c.columnsIntro}</p>
        <ul className="stay-import__columns">
          {STAY_CSV_COLUMNS.map((column) => (
            <li key={column}>
              <code>{column}</code>
            </li>
          ))}
        </ul>
        <p>{c.propertyIdHint}</p>
        <p>
          {c.acceptedDates(stayCsvDateFormats(locale, dateOrder))} {c.acceptedTimes}
        </p>
        <p>{c.limits(STAY_CSV_MAX_ROWS, STAY_IMPORT_MAX_BYTES / 1024 / 1024)}</p>
        <p>{c.matchHint}</p>
      </section>
      <form className="stay-import__form" onSubmit={onPreview}>
        <fieldset className="stay-import__order">
          <legend>{c.dateOrderLabel}</legend>
          {STAY_CSV_DATE_ORDERS.map((order) => (
            <label key={order} className="stay-import__radio">
              <input
                type="radio"
                name={orderName}
                value={order}
                checked={dateOrder === order}
                onChange={() => {
                  setDateOrder(order);
                  reset();
                }}
              />
              {c.dateOrder[order]}
            </label>
          ))}
          <p className="muted stay-import__hint">{c.dateOrderFrom(locale)}</p>
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {c.fileLabel}
          </label>
          <input
            id={fileId}
            className="stay-import__file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              reset();
            }}
          />
        </div>
        <div>
          <Button type="submit" variant="secondary" disabled={!file} busy={previewing.isPending}>
            {previewing.isPending ? c.previewing : c.preview}
          </Button>
        </div>
      </form>
      {error ? <Alert>{error.message}</Alert> : null}
      {preview ? (
        <section className="stay-import__preview" aria-labelledby={`${fileId}-preview`}>
          <h2 id={`${fileId}-preview`}>{c.previewHeading}</h2>
          <p role="status">{c.previewSummary(preview.counts)}</p>
          {preview.counts.refused > 0 ? <p>{c.refusedNote}</p> : null}
          <StayImportPreview preview={preview} />
          {toImport > 0 ? (
            <div>
              <Button onClick={onApply} busy={applying.isPending} disabled={applying.isPending}>
                {applying.isPending ? c.applying : c.apply(toImport)}
              </Button>
            </div>
          ) : (
            <p>{c.nothingToApply}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
