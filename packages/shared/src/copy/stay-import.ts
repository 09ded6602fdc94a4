import type { StayCsvDateFormat, StayCsvDateOrder, StayCsvFileError, StayCsvRowError } from "../rules/stay-import.ts";

const list = (items: readonly string[]) => items.join(", ");

/** Copy: importing stays from a CSV file. Part of the one catalogue in ../copy.ts; our own words. */
export const stayImportCopy = {
  stayImport: {
    open: "Import stays (CSV)",
    title: "Import stays",
    intro: "Add or update many stays at once from a spreadsheet saved as CSV (UTF-8), one stay per row.",
    columnsHeading: "Columns",
    columnsIntro:
      "The first row names the columns, in any order. reservation_id, property_id, guest_first_name, check_in and check_out are required; the others may be blank.",
    propertyIdHint: "property_id is the property's web link id, as in its guide's address.",
    matchHint:
      "A row whose property and reservation_id are already imported updates that stay, so the same file twice changes nothing.",
    limits: (maxRows: number, maxMegabytes: number) =>
      `Commas or semicolons between values. At most ${maxRows.toLocaleString("en")} rows and ${maxMegabytes} MB.`,
    dateOrderLabel: "Dates like 03/04/2027 are",
    dateOrder: {
      "day-first": "Day first (3 April 2027)",
      "month-first": "Month first (March 4, 2027)",
    } satisfies Record<StayCsvDateOrder, string>,
    dateOrderFrom: (locale: string) =>
      `Chosen from your browser's language (${locale}); change it if your file differs.`,
    fileLabel: "CSV file",
    preview: "Preview",
    previewing: "Reading the file...",
    previewHeading: "Preview",
    rowsLabel: "The file's rows",
    previewSummary: (counts: Record<"new" | "changed" | "unchanged" | "refused", number>) =>
      `${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged, ${counts.refused} refused.`,
    refusedNote: "Refused rows are left out; the others are imported. Fix them in the file and import it again.",
    columns: {
      line: "Line",
      reservation: "Reservation",
      property: "Property",
      guest: "Guest",
      dates: "Dates",
      result: "Result",
    },
    outcome: { new: "New", changed: "Changed", unchanged: "Unchanged", refused: "Refused" },
    apply: (n: number) => (n === 1 ? "Import 1 stay" : `Import ${n} stays`),
    applying: "Importing...",
    nothingToApply: "Nothing to import: every row is unchanged or refused.",
    applied: (n: number) => (n === 1 ? "1 stay imported." : `${n} stays imported.`),
    backToStays: "Back to stays",
    notCsv: "This file is not a CSV. In your spreadsheet, save or download it as CSV (UTF-8) and choose that file.",
    changedSincePreview: "The stays changed since the preview. Preview the file again before importing.",
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
      "invalid-email": () => "guest_email is not an email address.",
      "unknown-language": ({ language }: { language: string }) =>
        `guest_language "${language}" is not a language code.`,
      "language-not-in-guide": ({ language }: { language: string }) =>
        `The property's guide is not in the language "${language}".`,
      "invalid-value": ({ column }: { column: string }) => `${column} is not valid (too long or not allowed).`,
      "unknown-property": ({ propertyId }: { propertyId: string }) =>
        `No property of yours has the web link id "${propertyId}".`,
      "duplicate-reservation": ({ line }: { line: number }) =>
        `The same reservation_id for this property is on line ${line}; only that row is imported.`,
    } satisfies Record<StayCsvRowError, (params: never) => string>,
  },
} as const;
