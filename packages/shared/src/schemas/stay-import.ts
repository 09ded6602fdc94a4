import { z } from "zod";
import { text } from "./text.ts";
import { STAY_CSV_DATE_ORDERS, STAY_CSV_ROW_ERRORS } from "../rules/stay-import.ts";

/**
 * Importing stays from a CSV (session users only; multipart/form-data with the file in `file`):
 *   POST /api/stays/import/preview  StayImportPreviewFields + file → StayImportResponse (nothing written)
 *   POST /api/stays/import          StayImportApplyFields + file  → StayImportResponse (applied)
 * The apply sends the same file again with the preview's digest: the server reads it again and refuses (409)
 * when the outcomes are no longer the ones previewed, so what is imported is what the host saw.
 */

/** Most bytes a stays CSV may have. */
export const STAY_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const StayImportPreviewFields = z.object({
  /** The browser's language (BCP 47): accounts have none, and it decides the date order unless `dateOrder` is given. */
  locale: text()
    .trim()
    .max(35)
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/)
    .default("en"),
  dateOrder: z.enum(STAY_CSV_DATE_ORDERS).optional(),
});
export type StayImportPreviewFields = z.input<typeof StayImportPreviewFields>;

export const StayImportApplyFields = StayImportPreviewFields.extend({
  /** The preview's digest: of the file, the date order and every row's outcome. */
  digest: text().regex(/^[0-9a-f]{64}$/),
});
export type StayImportApplyFields = z.input<typeof StayImportApplyFields>;

export const STAY_IMPORT_OUTCOMES = ["new", "changed", "unchanged", "refused"] as const;
export type StayImportOutcome = (typeof STAY_IMPORT_OUTCOMES)[number];

const ReasonParams = z.record(text(), z.union([text(), z.number(), z.array(text())]));

export const StayImportRow = z.object({
  /** The file's line (the header is line 1). */
  line: z.number().int(),
  reservationId: text(),
  propertyId: text(),
  guestName: text(),
  checkInDate: text().nullable(),
  checkOutDate: text().nullable(),
  outcome: z.enum(STAY_IMPORT_OUTCOMES),
  /** Why a refused row is refused: a key of copy.stayImport.rowError with its params. */
  reason: z.object({ code: z.enum(STAY_CSV_ROW_ERRORS), params: ReasonParams }).nullable(),
  /** The stay the row made or matched, once known. */
  stayId: text().nullable(),
});
export type StayImportRow = z.infer<typeof StayImportRow>;

export const StayImportResponse = z.object({
  dateOrder: z.enum(STAY_CSV_DATE_ORDERS),
  dateFormats: z.array(text()),
  counts: z.object({ new: z.number(), changed: z.number(), unchanged: z.number(), refused: z.number() }),
  rows: z.array(StayImportRow),
  digest: text(),
  applied: z.boolean(),
});
export type StayImportResponse = z.infer<typeof StayImportResponse>;
