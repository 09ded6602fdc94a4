import { languageName } from "@doorstep/shared/languages";
import type { AnalyticsRangeQuery, AnalyticsSectionsResponse } from "@doorstep/shared/schemas/analytics";
import type { AppContext, Caller } from "../../app-context.ts";
import { getGuideSections, getShownItems } from "../content/content-outline.service.ts";
import { getOwnedProperty } from "../properties/property.service.ts";
import { sumRollup } from "./analytics.repository.ts";
import { findTopItems, sumSectionsAndLanguages } from "./engagement-report.repository.ts";

/** Items listed as "opened most". */
const TOP_ITEMS = 10;

/**
 * The section report for the caller's account or one of its properties (another account's is 404): every
 * section the guide shows today with the share of the range's sessions that saw it, most seen first, so
 * the sections nobody opened (0 sessions) end the list; the items seen most; the languages read. Read from
 * the daily rollups only; the range's sessions are the visits view's total, so shares never pass 100 %.
 */
export async function getSectionsView(
  ctx: AppContext,
  caller: Caller,
  query: AnalyticsRangeQuery,
): Promise<AnalyticsSectionsResponse> {
  const property = query.propertyId ? await getOwnedProperty(ctx, caller, query.propertyId) : null;
  const rowId = property?.id ?? null;
  const [visits, totals, top, guideSections] = await Promise.all([
    sumRollup(ctx.db, caller.accountId, rowId, query.from, query.to, caller.propertyScope),
    sumSectionsAndLanguages(ctx.db, caller.accountId, rowId, query.from, query.to, caller.propertyScope),
    // More than shown: items deleted since are skipped.
    findTopItems(ctx.db, caller.accountId, rowId, query.from, query.to, TOP_ITEMS * 3, caller.propertyScope),
    getGuideSections(ctx, caller.accountId, rowId),
  ]);
  const shownItems = await getShownItems(
    ctx,
    caller.accountId,
    rowId,
    top.map((row) => row.key),
  );
  const sessions = visits.reduce((sum, row) => sum + row.sessions, 0);
  const seen = new Map(totals.filter((t) => t.kind === "section").map((t) => [t.key, t.sessions]));
  const share = (n: number) => (sessions > 0 ? Math.min(1, n / sessions) : 0);
  const sections = guideSections
    .map((s) => {
      const count = Math.min(seen.get(s.label) ?? 0, sessions);
      return { key: s.label, title: s.title, sessions: count, reach: share(count) };
    })
    // Most seen first; equal ones keep the guide's order (the sort is stable).
    .sort((a, b) => b.sessions - a.sessions);
  const items = top
    .flatMap((row) => {
      const item = shownItems.get(row.key);
      return item
        ? [{ id: row.key, title: item.title, propertyTitle: item.propertyTitle, sessions: row.sessions }]
        : [];
    })
    .slice(0, TOP_ITEMS);
  const languages = totals
    .filter((t) => t.kind === "language")
    .sort((a, b) => b.sessions - a.sessions || a.key.localeCompare(b.key))
    .map((t) => ({ code: t.key, name: languageName(t.key), sessions: t.sessions }));
  return {
    from: query.from,
    to: query.to,
    propertyId: property?.propertyId ?? null,
    sessions,
    sections,
    items,
    languages,
  };
}
