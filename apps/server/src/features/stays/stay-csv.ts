import { parse } from "csv-parse/sync";
import {
  STAY_CSV_COLUMNS,
  STAY_CSV_MAX_ROWS,
  STAY_CSV_REQUIRED_COLUMNS,
  stayCsvDateFormats,
  type StayCsvColumn,
  type StayCsvDateFormat,
  type StayCsvDateOrder,
  type StayCsvFileError,
  type StayCsvRowError,
} from "@doorstep/shared/rules/stay-import";

/** One row's values, checked for form only: whether the property, language or email are right is the service's. */
export interface StayCsvValues {
  reservationId: string;
  /** The property's web link id. */
  propertyId: string;
  guestFirstName: string;
  guestLastName?: string;
  guestEmail?: string;
  guestPhone?: string;
  guestLanguage?: string;
  /** ISO dates, whatever form the file used. */
  checkInDate: string;
  /** "HH:MM"; absent means the property's default. */
  checkInTime?: string;
  checkOutDate: string;
  checkOutTime?: string;
  adults?: number;
  children?: number;
  doorCode?: string;
}

export interface StayCsvRowFailure {
  code: StayCsvRowError;
  params: Record<string, string | number | readonly string[]>;
}

/** What a refused row says of itself, as written, for the host to find it (blank when its columns are off). */
export interface StayCsvRowLabel {
  reservationId: string;
  propertyId: string;
  guestName: string;
}

/** A data row by the file's line number (the header is line 1): its values, or why it is refused. */
export type StayCsvRow =
  { line: number; values: StayCsvValues } | { line: number; error: StayCsvRowFailure; label?: StayCsvRowLabel };

export type StayCsvResult =
  | { ok: true; rows: StayCsvRow[]; delimiter: "," | ";"; dateFormats: readonly StayCsvDateFormat[] }
  | { ok: false; code: StayCsvFileError; params: Record<string, string | number | readonly string[]> };

export interface ParseStaysCsvOptions {
  /** The account's locale (BCP 47), which decides the numeric date order besides ISO. */
  locale: string;
  /** The host's choice, over the locale's guess. */
  dateOrder?: StayCsvDateOrder;
  maxRows?: number;
}

/** Reads a stays CSV: header row in any order, comma or semicolon, a BOM ignored; each row checked alone. */
export function parseStaysCsv(text: string, options: ParseStaysCsvOptions): StayCsvResult {
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, code: "empty", params: {} };
  const delimiter = detectDelimiter(body);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // With `info`, each record comes with where it ends; the library's types do not follow the option.
    }) as unknown as typeof records;
  } catch (error) {
    return { ok: false, code: "unreadable", params: { line: (error as { lines?: number }).lines ?? 1 } };
  }
  const [header, ...data] = records;
  if (!header) return { ok: false, code: "empty", params: {} };
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const headerError = checkHeader(columns);
  if (headerError) return headerError;
  const maxRows = options.maxRows ?? STAY_CSV_MAX_ROWS;
  const rows = data.filter((r) => r.record.some((v) => v.trim() !== ""));
  if (rows.length > maxRows) return { ok: false, code: "too-many-rows", params: { max: maxRows } };
  const dateFormats = stayCsvDateFormats(options.locale, options.dateOrder);
  return {
    ok: true,
    delimiter,
    dateFormats,
    rows: rows.map(({ record, info }) => {
      // info.lines is where the record ends; quoted fields may span lines.
      const line = info.lines - record.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
      if (record.length !== columns.length) {
        return {
          line,
          error: { code: "wrong-column-count", params: { expected: columns.length, found: record.length } },
        };
      }
      const cells = new Map(columns.map((c, i) => [c as StayCsvColumn, record[i]!.trim()]));
      const result = readRow(cells, dateFormats);
      if (!("code" in result)) return { line, values: result };
      const cell = (c: StayCsvColumn) => cells.get(c) ?? "";
      const guestName = [cell("guest_first_name"), cell("guest_last_name")].filter(Boolean).join(" ");
      return {
        line,
        error: result,
        label: { reservationId: cell("reservation_id"), propertyId: cell("property_id"), guestName },
      };
    }),
  };
}

/** The delimiter the header row uses: semicolons where a spreadsheet's locale writes decimal commas. */
function detectDelimiter(body: string): "," | ";" {
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, "");
  const count = (ch: string) => outsideQuotes.split(ch).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

function checkHeader(columns: string[]): Extract<StayCsvResult, { ok: false }> | undefined {
  const known = new Set<string>(STAY_CSV_COLUMNS);
  // A blank header cell (a trailing delimiter, as spreadsheets often save) names no column: its values are ignored.
  const unknown = columns.filter((c) => c !== "" && !known.has(c));
  if (unknown.length > 0) return { ok: false, code: "unknown-columns", params: { columns: unknown } };
  const duplicates = [...new Set(columns.filter((c, i) => c !== "" && columns.indexOf(c) !== i))];
  if (duplicates.length > 0) return { ok: false, code: "duplicate-columns", params: { columns: duplicates } };
  const missing = STAY_CSV_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) return { ok: false, code: "missing-columns", params: { columns: missing } };
  return undefined;
}

function readRow(
  cells: Map<StayCsvColumn, string>,
  formats: readonly StayCsvDateFormat[],
): StayCsvValues | StayCsvRowFailure {
  const get = (c: StayCsvColumn) => cells.get(c) ?? "";
  const optional = (c: StayCsvColumn) => get(c) || undefined;
  for (const column of STAY_CSV_REQUIRED_COLUMNS) {
    if (get(column) === "") return { code: "required", params: { column } };
  }
  const checkInDate = readDate(get("check_in"), formats);
  if (!checkInDate) return { code: "invalid-date", params: { column: "check_in", formats } };
  const checkOutDate = readDate(get("check_out"), formats);
  if (!checkOutDate) return { code: "invalid-date", params: { column: "check_out", formats } };
  const times: Partial<Record<"check_in_time" | "check_out_time", string>> = {};
  for (const column of ["check_in_time", "check_out_time"] as const) {
    const raw = get(column);
    if (raw === "") continue;
    const time = readTime(raw);
    if (!time) return { code: "invalid-time", params: { column } };
    times[column] = time;
  }
  // A blank time is the property's default, unknown here: a same-day stay is checked only with both times.
  const outBeforeIn =
    checkOutDate < checkInDate ||
    (checkOutDate === checkInDate &&
      times.check_in_time &&
      times.check_out_time &&
      times.check_out_time <= times.check_in_time);
  if (outBeforeIn) return { code: "check-out-before-check-in", params: {} };
  const counts: Partial<Record<"adults" | "children", number>> = {};
  for (const column of ["adults", "children"] as const) {
    const raw = get(column);
    if (raw === "") continue;
    if (!/^\d{1,2}$/.test(raw)) return { code: "invalid-count", params: { column } };
    counts[column] = Number(raw);
  }
  return {
    reservationId: get("reservation_id"),
    propertyId: get("property_id"),
    guestFirstName: get("guest_first_name"),
    guestLastName: optional("guest_last_name"),
    guestEmail: optional("guest_email"),
    guestPhone: optional("guest_phone"),
    guestLanguage: optional("guest_language"),
    checkInDate,
    checkInTime: times.check_in_time,
    checkOutDate,
    checkOutTime: times.check_out_time,
    adults: counts.adults,
    children: counts.children,
    doorCode: optional("door_code"),
  };
}

/**
 * An ISO date, or the locale's numeric form with a four-digit year ("/", "." or "-" between its parts, as
 * spreadsheets in different countries save them). Two-digit years are refused: 03/04/27 is too easy to misread.
 */
function readDate(raw: string, formats: readonly StayCsvDateFormat[]): string | undefined {
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(raw);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (numeric && formats.includes("M/D/YYYY"))
    [m, d, y] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
  else if (numeric && formats.includes("D/M/YYYY"))
    [d, m, y] = [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
  else return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** "HH:MM" in 24-hour time; "9:05" is read as "09:05", and a spreadsheet's trailing ":00" seconds are dropped. */
function readTime(raw: string): string | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(raw);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return `${m[1]!.padStart(2, "0")}:${m[2]}`;
}
