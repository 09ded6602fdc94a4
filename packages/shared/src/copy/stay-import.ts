import type { StayCsvDateFormat, StayCsvFileError, StayCsvRowError } from "../rules/stay-import.ts";

const list = (items: readonly string[]) => items.join(", ");

/** Copy: importing stays from a CSV file. Part of the one catalogue in ../copy.ts; our own words. */
export const stayImportCopy = {
  stayImport: {
    /** The page says which dates it reads; `formats` from stayCsvDateFormats(locale). */
    acceptedDates: (formats: readonly StayCsvDateFormat[]) => `Dates as ${formats.join(" or ")}.`,
    acceptedTimes: "Times as HH:MM (24-hour); a blank time takes the property's default.",
    fileError: {
      empty: () => "The file is empty. It needs a header row and one row per stay.",
      unreadable: ({ line }: { line: number }) => `The file could not be read as CSV (line ${line}).`,
      "unknown-columns": ({ columns }: { columns: readonly string[] }) => `Unknown columns: ${list(columns)}.`,
      "missing-columns": ({ columns }: { columns: readonly string[] }) =>
        `The header row lacks these columns: ${list(columns)}.`,
      "duplicate-columns": ({ columns }: { columns: readonly string[] }) =>
        `These columns appear more than once: ${list(columns)}.`,
      "too-many-rows": ({ max }: { max: number }) =>
        `A file may hold at most ${max} stays. Split it and import each part.`,
    } satisfies Record<StayCsvFileError, (params: never) => string>,
    rowError: {
      "wrong-column-count": ({ expected, found }: { expected: number; found: number }) =>
        `This row has ${found} values; the header has ${expected}.`,
      required: ({ column }: { column: string }) => `${column} is required.`,
      "invalid-date": ({ column, formats }: { column: string; formats: readonly StayCsvDateFormat[] }) =>
        `${column} is not a date (use ${formats.join(" or ")}).`,
      "invalid-time": ({ column }: { column: string }) => `${column} is not a time (use HH:MM, 24-hour).`,
      "check-out-before-check-in": () => "The check-out is before the check-in.",
      "invalid-count": ({ column }: { column: string }) => `${column} must be a whole number from 0 to 99.`,
    } satisfies Record<StayCsvRowError, (params: never) => string>,
  },
} as const;
