import { isCalendarDay } from "@doorstep/shared/rules/analytics";
import { isTimeOfDay } from "@doorstep/shared/rules/zoned-time";
import type { StaySource } from "@doorstep/shared/schemas/stays";
import type { SpecificErrorCode } from "@doorstep/shared/errors";
import { notifyStaysChanged } from "./stay-schedule.service.ts";
import type { AppContext } from "../../app-context.ts";
import { getStayProperty, guideLanguages } from "../properties/property-stays.service.ts";
import { checkOutIsAfterCheckIn, searchableName, stayInstants } from "./stay-rules.ts";
import type { NewStayRow, StayPatch, StayRow } from "./stays.repository.ts";
import { findStaysBySource, insertStays, updateStayRow } from "./stay-writes.repository.ts";

// Stays that another system keeps (CSV files, the API): matched on the source's own id, so the
// same event or row again changes nothing, and what the host added by hand survives every sync (decision 040).

/** One stay as a source says it. Blank times are the property's defaults. */
export interface SourceStay {
  /** The source's id: the reservation id of a CSV row or an API call. */
  sourceId: string;
  guestFirstName: string;
  guestLastName?: string;
  /** Given by the source (a CSV's columns): set when non-blank, else what the stay holds is kept. */
  guestEmail?: string | null;
  guestPhone?: string | null;
  guestLanguage?: string | null;
  adults?: number;
  children?: number;
  checkInDate: string;
  checkInTime?: string | null;
  checkOutDate: string;
  checkOutTime?: string | null;
  doorCode?: string | null;
  notes?: string | null;
}

export type SourceOutcome =
  | { sourceId: string; outcome: "new" | "changed" | "unchanged"; stayId: string | null }
  | { sourceId: string; outcome: "refused"; reason: SpecificErrorCode | "NOT_FOUND" };

/**
 * Creates or updates the stays a source lists for one of the account's properties, matched on the source's id
 * per property and source (a calendar feed's stays are written by stay-feed-writes.service.ts instead). Dates, names and counts follow the source; email,
 * language, door code and notes are set only when the source gives them, so what the host added stays; a
 * cancelled stay the source lists again is confirmed again. `dryRun` answers the outcomes and writes nothing
 * (the CSV preview). A row that cannot be a stay is refused with its reason; the others still apply.
 */
export async function upsertStaysFromSource(
  ctx: AppContext,
  accountId: string,
  propertyRowId: string,
  source: Exclude<StaySource, "manual" | "feed">,
  rows: SourceStay[],
  options: { dryRun?: boolean } = {},
): Promise<SourceOutcome[]> {
  const property = await getStayProperty(ctx, accountId, { id: propertyRowId });
  if (!property) return rows.map((r) => ({ sourceId: r.sourceId, outcome: "refused", reason: "NOT_FOUND" }));
  const match = { source };
  const stored = new Map<string, StayRow>();
  const ids = [...new Set(rows.map((r) => r.sourceId))];
  for (let i = 0; i < ids.length; i += 1000) {
    for (const row of await findStaysBySource(ctx.db, property.id, match, ids.slice(i, i + 1000)))
      stored.set(row.sourceId!, row);
  }
  const languages = guideLanguages(property);
  const now = ctx.now();
  const outcomes: SourceOutcome[] = [];
  const inserts: NewStayRow[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    // A source that lists one id twice: the first wins, as an import would apply it.
    if (seen.has(row.sourceId)) continue;
    seen.add(row.sourceId);
    const times = {
      checkInDate: row.checkInDate,
      checkInTime: row.checkInTime || property.defaultCheckInTime,
      checkOutDate: row.checkOutDate,
      checkOutTime: row.checkOutTime || property.defaultCheckOutTime,
    };
    const reason = refusal(times, row.guestLanguage || undefined, languages);
    if (reason) {
      outcomes.push({ sourceId: row.sourceId, outcome: "refused", reason });
      continue;
    }
    const lastName = row.guestLastName ?? "";
    const fromSource = {
      guestFirstName: row.guestFirstName,
      guestLastName: lastName,
      guestSearch: searchableName(row.guestFirstName, lastName),
      ...(row.adults !== undefined && { adults: row.adults }),
      ...(row.children !== undefined && { children: row.children }),
      ...times,
      ...(row.guestEmail && { guestEmail: row.guestEmail }),
      ...(row.guestPhone && { guestPhone: row.guestPhone }),
      ...(row.guestLanguage && { guestLanguage: row.guestLanguage }),
      ...(row.notes && { notes: row.notes }),
    };
    const existing = stored.get(row.sourceId);
    if (!existing) {
      outcomes.push({ sourceId: row.sourceId, outcome: "new", stayId: null });
      inserts.push({
        guestLanguage: property.defaultLanguage,
        ...fromSource,
        accountId,
        propertyId: property.id,
        ...stayInstants(times, property.timeZone),
        doorCodeEncrypted: row.doorCode ? ctx.secrets.seal(row.doorCode) : null,
        source,
        sourceId: row.sourceId,
        createdAt: now,
        updatedAt: now,
      });
      continue;
    }
    const patch = changes(ctx, existing, fromSource, row.doorCode);
    if (existing.status === "cancelled") Object.assign(patch, { status: "confirmed", cancelledAt: null });
    if (existing.propertyId !== property.id) {
      outcomes.push({ sourceId: row.sourceId, outcome: "refused", reason: "NOT_FOUND" });
      continue;
    }
    if (Object.keys(patch).length === 0) {
      outcomes.push({ sourceId: row.sourceId, outcome: "unchanged", stayId: existing.id });
      continue;
    }
    outcomes.push({ sourceId: row.sourceId, outcome: "changed", stayId: existing.id });
    if (!options.dryRun) {
      Object.assign(patch, stayInstants({ ...existing, ...times }, property.timeZone), { updatedAt: now });
      await updateStayRow(ctx.db, accountId, existing.id, patch);
    }
  }
  if (!options.dryRun) {
    const newIds: string[] = [];
    for (let i = 0; i < inserts.length; i += 500)
      newIds.push(...(await insertStays(ctx.db, inserts.slice(i, i + 500))));
    let next = 0;
    for (const outcome of outcomes) if (outcome.outcome === "new") outcome.stayId = newIds[next++] ?? null;
    const touched = outcomes.flatMap((o) =>
      (o.outcome === "new" || o.outcome === "changed") && o.stayId ? [o.stayId] : [],
    );
    await notifyStaysChanged(ctx, touched);
  }
  return outcomes;
}

function refusal(
  times: { checkInDate: string; checkInTime: string; checkOutDate: string; checkOutTime: string },
  language: string | undefined,
  languages: string[],
): SpecificErrorCode | null {
  if (!isCalendarDay(times.checkInDate) || !isCalendarDay(times.checkOutDate)) return "STAY_DATE_INVALID";
  if (!isTimeOfDay(times.checkInTime) || !isTimeOfDay(times.checkOutTime)) return "STAY_DATE_INVALID";
  if (!checkOutIsAfterCheckIn(times)) return "STAY_CHECK_OUT_BEFORE_CHECK_IN";
  if (language !== undefined && !languages.includes(language)) return "STAY_LANGUAGE_NOT_IN_GUIDE";
  return null;
}

/** The fields of `next` that differ from the stored stay (the door code compared opened). */
function changes(
  ctx: Pick<AppContext, "secrets">,
  stored: StayRow,
  next: Partial<StayRow>,
  doorCode: string | null | undefined,
): StayPatch {
  const patch: StayPatch = {};
  for (const [key, value] of Object.entries(next) as [keyof StayRow, unknown][]) {
    if (stored[key] !== value) (patch as Record<string, unknown>)[key] = value;
  }
  const storedCode = stored.doorCodeEncrypted ? ctx.secrets.open(stored.doorCodeEncrypted) : null;
  if (doorCode && doorCode !== storedCode) patch.doorCodeEncrypted = ctx.secrets.seal(doorCode);
  return patch;
}
