/** Most stays one file may hold. */
export const STAY_CSV_MAX_ROWS = 10_000;

/** The columns of a stays CSV (header row required, any order). */
export const STAY_CSV_COLUMNS = [
  "reservation_id",
  "property_id",
  "guest_first_name",
  "guest_last_name",
  "guest_email",
  "guest_phone",
  "guest_language",
  "check_in",
  "check_in_time",
  "check_out",
  "check_out_time",
  "adults",
  "children",
  "door_code",
] as const;
export type StayCsvColumn = (typeof STAY_CSV_COLUMNS)[number];

/** A row cannot be a stay without these; the others may be blank. */
export const STAY_CSV_REQUIRED_COLUMNS = [
  "reservation_id",
  "property_id",
  "guest_first_name",
  "check_in",
  "check_out",
] as const satisfies readonly StayCsvColumn[];

/** Why a whole file, or one row of it, is refused; each renders from copy/stay-import.ts with its params. */
export const STAY_CSV_FILE_ERRORS = [
  "empty",
  "unreadable",
  "unknown-columns",
  "missing-columns",
  "duplicate-columns",
  "too-many-rows",
] as const;
export type StayCsvFileError = (typeof STAY_CSV_FILE_ERRORS)[number];

export const STAY_CSV_ROW_ERRORS = [
  "wrong-column-count",
  "required",
  "invalid-date",
  "invalid-time",
  "check-out-before-check-in",
  "invalid-count",
  // Checked by the import against the stay schema and the account's properties, after the row's form.
  "invalid-email",
  "unknown-language",
  "language-not-in-guide",
  "invalid-value",
  "unknown-property",
  "duplicate-reservation",
] as const;
export type StayCsvRowError = (typeof STAY_CSV_ROW_ERRORS)[number];

/** A date pattern as the page shows it to the host. */
export type StayCsvDateFormat = "YYYY-MM-DD" | "M/D/YYYY" | "D/M/YYYY";

/**
 * The dates a stays CSV may hold for an account's locale. ISO always; besides it the locale's numeric
 * form, because spreadsheets save dates that way. Month first only where the locale writes it so (the
 * United States and the few regions that follow it); every other locale, en-GB included, is day first.
 * Only one numeric order is accepted per locale, so 03/04/2027 is never read two ways.
 */
export function stayCsvDateFormats(locale: string, order?: StayCsvDateOrder): readonly StayCsvDateFormat[] {
  return [STAY_CSV_ISO_DATE, (order ?? stayCsvDateOrder(locale)) === "month-first" ? "M/D/YYYY" : "D/M/YYYY"];
}

/** The numeric date orders a host may choose on the import page when the locale's guess is wrong. */
export const STAY_CSV_DATE_ORDERS = ["day-first", "month-first"] as const;
export type StayCsvDateOrder = (typeof STAY_CSV_DATE_ORDERS)[number];

/** The numeric date order a locale writes (accounts have no locale of their own: the browser's is sent). */
export function stayCsvDateOrder(locale: string): StayCsvDateOrder {
  return monthFirst(locale) ? "month-first" : "day-first";
}

export const STAY_CSV_ISO_DATE = "YYYY-MM-DD" satisfies StayCsvDateFormat;

// Regions whose short numeric date is month/day/year (CLDR): the US and its territories, and a few others.
const MONTH_FIRST_REGIONS = new Set(["US", "PR", "GU", "VI", "AS", "MP", "UM", "PH", "FM", "MH", "PW", "BZ"]);

function monthFirst(locale: string): boolean {
  const parts = locale.replace(/_/g, "-").split("-");
  const region = parts
    .slice(1)
    .find((p) => /^[A-Za-z]{2}$/.test(p))
    ?.toUpperCase();
  // A bare "en" is read as American English, as browsers and Intl do.
  if (!region) return parts[0]?.toLowerCase() === "en";
  return MONTH_FIRST_REGIONS.has(region);
}
