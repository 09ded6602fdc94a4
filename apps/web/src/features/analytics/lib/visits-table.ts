import { copy } from "@doorstep/shared/copy";
import type { AnalyticsVisitsResponse, VisitCounts } from "@doorstep/shared/schemas/analytics";

const c = copy.analytics;
export const COUNT_COLUMNS = [
  "desktop",
  "tablet",
  "mobileQr",
  "mobileLink",
  "mobileStay",
  "total",
] as const satisfies readonly (keyof VisitCounts)[];
export const COLUMN_LABELS = [c.day, c.desktop, c.tablet, c.mobileQr, c.mobileLink, c.mobileStay, c.total];

/** Change against the previous range, e.g. "+25%", "-10%", "0%"; "new" when there was nothing before. */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "0%" : c.changeNew;
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

export interface VisitsTable {
  /** One per day, oldest first: the ISO day and its five figures. */
  days: { day: string; figures: number[] }[];
  totals: number[];
  previous: number[];
  change: string[];
}

/** The figures the table shows and the CSV holds, built once so the two cannot differ. */
export function buildVisitsTable(data: AnalyticsVisitsResponse): VisitsTable {
  const figures = (counts: VisitCounts) => COUNT_COLUMNS.map((key) => counts[key]);
  return {
    days: data.days.map((d) => ({ day: d.day, figures: figures(d) })),
    totals: figures(data.totals),
    previous: figures(data.previous.totals),
    change: COUNT_COLUMNS.map((key) => formatChange(data.totals[key], data.previous.totals[key])),
  };
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The table as CSV (RFC 4180, CRLF): a header, a row per day (ISO dates), totals, previous range and change. */
export function visitsCsv(data: AnalyticsVisitsResponse, table = buildVisitsTable(data)): string {
  const rows: (string | number)[][] = [
    COLUMN_LABELS,
    ...table.days.map((d) => [d.day, ...d.figures]),
    [c.totals, ...table.totals],
    [c.previousRange(data.previous.from, data.previous.to), ...table.previous],
    [c.change, ...table.change],
  ];
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
