import { createHash } from "node:crypto";
import fs from "node:fs";
import { stayCsvDateOrder, type StayCsvDateOrder } from "@doorstep/shared/rules/stay-import";
import type { StayImportResponse, StayImportRow } from "@doorstep/shared/schemas/stay-import";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { getStayProperty, type StayProperty } from "../properties/property-stays.service.ts";
import { parseStaysCsv } from "./stay-csv.ts";
import { checkRowValues, duplicateReservation, reasonOfRefusal, unknownProperty } from "./stay-import-rows.ts";
import { upsertStaysFromSource, type SourceStay } from "./stay-sources.service.ts";

// Importing stays from a CSV (decision 040): a preview that writes nothing, then an apply of the same file.
// Nothing is kept between the two: the browser sends the file again with the preview's digest, and the apply
// reads it again and refuses when the outcomes moved. So no guest's details wait in a store of their own,
// nothing has to expire, and any instance can answer the apply.

export interface StayImportOptions {
  /** The browser's language: accounts have none. */
  locale: string;
  /** The host's choice between day-first and month-first, over the locale's guess. */
  dateOrder?: StayCsvDateOrder;
}

export type StayImportResult = StayImportResponse;

interface Planned {
  row: StayImportRow;
  stay: SourceStay;
}

/** The file's text, or STAY_IMPORT_NOT_CSV for anything that is not UTF-8 text (a spreadsheet, an image). */
async function readCsvFile(path: string): Promise<{ text: string; sha256: string }> {
  const bytes = await fs.promises.readFile(path);
  // A NUL byte is never in text; xlsx, PDF and images all have them near the start.
  if (bytes.includes(0)) throw new AppError("STAY_IMPORT_NOT_CSV");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("STAY_IMPORT_NOT_CSV");
  }
  return { text, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** Every row checked for form, by the stay schema and against the account's properties; no stay read yet. */
async function plan(ctx: AppContext, accountId: string, text: string, dateOrder: StayCsvDateOrder, locale: string) {
  const parsed = parseStaysCsv(text, { locale, dateOrder });
  if (!parsed.ok) throw new AppError("STAY_IMPORT_FILE_INVALID", { reason: parsed.code, ...parsed.params });
  const properties = new Map<string, StayProperty | null>();
  const groups = new Map<string, { property: StayProperty; planned: Planned[] }>();
  const firstLine = new Map<string, number>();
  const rows: StayImportRow[] = [];
  for (const entry of parsed.rows) {
    const row: StayImportRow = {
      line: entry.line,
      reservationId: "",
      propertyId: "",
      guestName: "",
      checkInDate: null,
      checkOutDate: null,
      outcome: "refused",
      reason: null,
      stayId: null,
    };
    rows.push(row);
    if ("error" in entry) {
      // The parser's params are read-only arrays; the response's are the same values.
      row.reason = entry.error as NonNullable<StayImportRow["reason"]>;
      if (entry.label) Object.assign(row, entry.label);
      continue;
    }
    const v = entry.values;
    Object.assign(row, {
      reservationId: v.reservationId,
      propertyId: v.propertyId,
      guestName: [v.guestFirstName, v.guestLastName].filter(Boolean).join(" "),
      checkInDate: v.checkInDate,
      checkOutDate: v.checkOutDate,
    });
    const checked = checkRowValues(v);
    if ("reason" in checked) {
      row.reason = checked.reason;
      continue;
    }
    if (!properties.has(v.propertyId))
      properties.set(v.propertyId, await getStayProperty(ctx, accountId, { propertyId: v.propertyId }));
    const property = properties.get(v.propertyId);
    if (!property) {
      row.reason = unknownProperty(v.propertyId);
      continue;
    }
    const key = `${property.id}\u0000${v.reservationId}`;
    const first = firstLine.get(key);
    if (first !== undefined) {
      row.reason = duplicateReservation(first);
      continue;
    }
    firstLine.set(key, entry.line);
    const group = groups.get(property.id) ?? { property, planned: [] };
    groups.set(property.id, group);
    group.planned.push({ row, stay: checked.stay });
  }
  return { rows, groups: [...groups.values()], dateFormats: parsed.dateFormats };
}

/** Each planned row's outcome from the stays service: what it would do (dryRun) or did. */
async function resolve(
  ctx: AppContext,
  accountId: string,
  groups: Awaited<ReturnType<typeof plan>>["groups"],
  dryRun: boolean,
) {
  for (const { property, planned } of groups) {
    const outcomes = await upsertStaysFromSource(
      ctx,
      accountId,
      property.id,
      "csv",
      planned.map((p) => p.stay),
      { dryRun },
    );
    const bySource = new Map(outcomes.map((o) => [o.sourceId, o]));
    for (const { row, stay } of planned) {
      const outcome = bySource.get(stay.sourceId)!;
      if (outcome.outcome === "refused") {
        row.outcome = "refused";
        row.reason = reasonOfRefusal(outcome.reason, stay, property.propertyId);
      } else {
        row.outcome = outcome.outcome;
        row.reason = null;
        row.stayId = outcome.stayId;
      }
    }
  }
}

function digestOf(fileSha: string, dateOrder: StayCsvDateOrder, rows: StayImportRow[]): string {
  const hash = createHash("sha256").update(`${fileSha}\n${dateOrder}\n`);
  for (const r of rows) hash.update(`${r.line}:${r.outcome}:${r.reason?.code ?? ""}\n`);
  return hash.digest("hex");
}

function result(
  rows: StayImportRow[],
  dateOrder: StayCsvDateOrder,
  dateFormats: readonly string[],
  digest: string,
  applied: boolean,
): StayImportResult {
  const counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const r of rows) counts[r.outcome] += 1;
  return { dateOrder, dateFormats: [...dateFormats], counts, rows, digest, applied };
}

/** What importing the file would do, row by row; writes nothing. */
export async function previewStayImport(
  ctx: AppContext,
  accountId: string,
  filePath: string,
  options: StayImportOptions,
): Promise<StayImportResult> {
  const file = await readCsvFile(filePath);
  const dateOrder = options.dateOrder ?? stayCsvDateOrder(options.locale);
  const { rows, groups, dateFormats } = await plan(ctx, accountId, file.text, dateOrder, options.locale);
  await resolve(ctx, accountId, groups, true);
  return result(rows, dateOrder, dateFormats, digestOf(file.sha256, dateOrder, rows), false);
}

/**
 * Imports the file the preview with `digest` showed: refused (STAY_IMPORT_CHANGED) when the file, the date
 * order or any row's outcome differs now, else every row that is not refused is applied.
 */
export async function applyStayImport(
  ctx: AppContext,
  accountId: string,
  filePath: string,
  options: StayImportOptions & { digest: string },
): Promise<StayImportResult> {
  const file = await readCsvFile(filePath);
  const dateOrder = options.dateOrder ?? stayCsvDateOrder(options.locale);
  const { rows, groups, dateFormats } = await plan(ctx, accountId, file.text, dateOrder, options.locale);
  await resolve(ctx, accountId, groups, true);
  const digest = digestOf(file.sha256, dateOrder, rows);
  if (digest !== options.digest) throw new AppError("STAY_IMPORT_CHANGED");
  await resolve(ctx, accountId, groups, false);
  // Many rows at once: the embedded database's statistics are refreshed shortly after (decision 048).
  ctx.maintenance.soon();
  return result(rows, dateOrder, dateFormats, digest, true);
}
