import { copy } from "@doorstep/shared/copy";
import { addDays } from "@doorstep/shared/rules/analytics";
import { AnalyticsRangeQuery } from "@doorstep/shared/schemas/analytics";
import { useEffect, useId, useMemo } from "react";
import { useSearchParams } from "react-router";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useAnalyticsOptions } from "../api/get-analytics-options.ts";
import { useSections } from "../api/get-sections.ts";
import { useVisits } from "../api/get-visits.ts";
import { useSetTimeZone } from "../api/set-time-zone.ts";
import { PropertyPicker } from "../components/property-picker.tsx";
import { RangePicker } from "../components/range-picker.tsx";
import { SectionsReport } from "../components/sections-report.tsx";
import { VisitsChart } from "../components/visits-chart.tsx";
import { VisitsSummary } from "../components/visits-summary.tsx";
import { VisitsTable } from "../components/visits-table.tsx";
import { parseChoice, resolveRange } from "../lib/range.ts";
import { buildVisitsTable, visitsCsv } from "../lib/visits-table.ts";
import "./guide-analytics.css";

const c = copy.analytics;

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** ANL-07: "Loading data..." with the share of the page's figures already in, when some are. */
function Loading({ percent }: { percent?: number }) {
  return (
    <div className="analytics-page__loading" role="status">
      <Spinner size={28} />
      <span>{percent ? c.loadingDataPercent(percent) : c.loadingData}</span>
    </div>
  );
}

function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * /guide-analytics (ANL-01…08): the range and property selectors, sessions per day by device as a chart and
 * a table, and a CSV of the table. The selection lives in the address, so a view can be bookmarked.
 */
export function GuideAnalyticsPage() {
  const options = useAnalyticsOptions();
  const setZone = useSetTimeZone();
  const [params, setParams] = useSearchParams();
  const tableId = useId();

  // OPEN-54: the account's days follow the browser's zone, sent the first time the page loads.
  const zoneUnset = options.data?.timeZone === null;
  const { mutate: sendZone, isIdle: zoneNotSent } = setZone;
  useEffect(() => {
    const zone = browserTimeZone();
    if (zoneUnset && zoneNotSent && zone) sendZone(zone);
  }, [zoneUnset, zoneNotSent, sendZone]);
  const settled = options.isSuccess && (!zoneUnset || setZone.isError || !browserTimeZone());

  const today = options.data?.today ?? "";
  const choice = parseChoice(params.get("range"));
  const custom = { from: params.get("from") ?? addDays(today || "2000-01-01", -6), to: params.get("to") ?? today };
  const propertyParam = params.get("property");
  const propertyId = options.data?.properties.some((p) => p.propertyId === propertyParam) ? propertyParam : null;
  const range = today ? resolveRange(choice, today, custom) : { from: "", to: "" };
  const parsed = AnalyticsRangeQuery.safeParse(range);
  const rangeError = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const visits = useVisits({ ...range, propertyId }, settled && parsed.success);
  const sections = useSections({ ...range, propertyId }, settled && parsed.success);
  const loaded = [visits, sections].filter((q) => q.data !== undefined).length;
  const table = useMemo(() => (visits.data ? buildVisitsTable(visits.data) : null), [visits.data]);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className="analytics-page">
      <BackLink to="/">{copy.common.backToDashboard}</BackLink>
      <h1 className="page-header">{c.title}</h1>
      {options.isError ? (
        <Alert>{copy.common.genericError}</Alert>
      ) : !settled || !options.data ? (
        <Loading />
      ) : (
        <>
          <div className="analytics-page__controls">
            <RangePicker
              choice={choice}
              months={options.data.months}
              custom={custom}
              customError={choice === "custom" ? rangeError : undefined}
              onChoice={(next) =>
                update(
                  next === "custom"
                    ? { range: next, from: range.from, to: range.to }
                    : { range: next, from: null, to: null },
                )
              }
              onCustom={(next) => update({ from: next.from, to: next.to })}
            />
            <PropertyPicker
              properties={options.data.properties}
              value={propertyId}
              onChange={(next) => update({ property: next })}
            />
          </div>
          {visits.isError || sections.isError ? (
            <Alert>{copy.common.genericError}</Alert>
          ) : !parsed.success ? null : !visits.data || !sections.data || !table ? (
            <Loading percent={Math.round((loaded / 2) * 100)} />
          ) : (
            <section
              className="analytics-page__results"
              aria-busy={visits.isPlaceholderData || sections.isPlaceholderData}
            >
              {visits.isPlaceholderData || sections.isPlaceholderData ? (
                <p className="analytics-page__refreshing" role="status">
                  {c.loadingData}
                </p>
              ) : null}
              <VisitsSummary table={table} />
              <VisitsChart days={visits.data.days} total={visits.data.totals.total} tableId={tableId} />
              <VisitsTable data={visits.data} table={table} id={tableId} />
              <div className="analytics-page__footer">
                <p className="analytics-page__zone">{c.timeZoneNote(visits.data.timeZone)}</p>
                <Button
                  variant="secondary"
                  onClick={() =>
                    downloadCsv(
                      `guide-analytics-${visits.data.from}-${visits.data.to}${propertyId ? `-${propertyId}` : ""}.csv`,
                      visitsCsv(visits.data, table),
                    )
                  }
                >
                  {c.downloadCsv}
                </Button>
              </div>
              <SectionsReport data={sections.data} allProperties={propertyId === null} />
            </section>
          )}
          <section className="analytics-privacy" aria-labelledby="analytics-privacy-h">
            <h2 id="analytics-privacy-h">{c.privacyTitle}</h2>
            <p>{c.privacyText(options.data.retentionDays)}</p>
          </section>
        </>
      )}
    </div>
  );
}
