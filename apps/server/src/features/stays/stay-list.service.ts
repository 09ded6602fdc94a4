import { daysBetween } from "@doorstep/shared/rules/analytics";
import { wallTimeToInstant } from "@doorstep/shared/rules/zoned-time";
import {
  STAY_CALENDAR_MAX_DAYS,
  STAYS_PAGE_SIZE,
  type StayCalendarQuery,
  type StaySummaryResponse,
  type StayTab,
} from "@doorstep/shared/schemas/stays";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { searchPattern } from "./stay-rules.ts";
import { countStaySummary, listStayViews, listStayViewsInRange } from "./stays.repository.ts";
import { requireStayProperty, stayOf, type Stay } from "./stays.service.ts";

// The stays' reads for lists: the account's list by tab, a property's calendar, the dashboard tile's counts.

interface StayCursor {
  checkInAt: Date;
  id: string;
}
function encodeCursor(c: StayCursor): string {
  return Buffer.from(`${c.checkInAt.toISOString()}|${c.id}`).toString("base64url");
}
function decodeCursor(raw: string | undefined): StayCursor | undefined {
  if (!raw) return undefined;
  const [at, id] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) throw new AppError("INVALID_CURSOR");
  return { checkInAt: new Date(at), id };
}

/**
 * A page of the account's stays: "upcoming" (confirmed, check-out still ahead) soonest check-in first, "past"
 * (confirmed, checked out) and "cancelled" latest first; optionally one property's (by weblink; 404 when it is
 * not the account's live guide) and those whose guest's name contains `q`, case and accents aside.
 */
export async function listStays(
  ctx: AppContext,
  accountId: string,
  query: { tab: StayTab; propertyId?: string; q?: string; cursor?: string; limit?: number },
  scope?: readonly string[] | null,
): Promise<{ items: Stay[]; nextCursor: string | null }> {
  const limit = query.limit ?? STAYS_PAGE_SIZE;
  const property = query.propertyId ? await requireStayProperty(ctx, accountId, query.propertyId) : undefined;
  const search = query.q ? searchPattern(query.q) : undefined;
  const rows = await listStayViews(ctx.db, accountId, {
    tab: query.tab,
    now: ctx.now(),
    propertyRowId: property?.id,
    scope,
    search: search || undefined,
    cursor: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => stayOf(ctx, row)),
    nextCursor: rows.length > limit && last ? encodeCursor({ checkInAt: last.checkInAt, id: last.id }) : null,
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Every stay of one of the account's properties (cancelled ones too) that overlaps the days `from`…`to`
 * (inclusive, in the property's zone), at most STAY_CALENDAR_MAX_DAYS of them: the property's calendar.
 */
export async function staysInRange(
  ctx: AppContext,
  accountId: string,
  propertyId: string,
  range: StayCalendarQuery,
): Promise<Stay[]> {
  const property = await requireStayProperty(ctx, accountId, propertyId);
  const days = daysBetween(range.from, range.to) + 1;
  if (days < 1 || days > STAY_CALENDAR_MAX_DAYS)
    throw new AppError("STAY_RANGE_INVALID", { max: STAY_CALENDAR_MAX_DAYS }, { at: ["to"] });
  const from = wallTimeToInstant(range.from, "00:00", property.timeZone);
  const to = wallTimeToInstant(nextDay(range.to), "00:00", property.timeZone);
  const rows = await listStayViewsInRange(ctx.db, accountId, property.id, from, to);
  return rows.map((row) => stayOf(ctx, row));
}

/** The dashboard tile: confirmed stays still ahead, and those arriving and leaving today where each property is. */
export function staySummary(
  ctx: AppContext,
  accountId: string,
  scope?: readonly string[] | null,
): Promise<StaySummaryResponse> {
  return countStaySummary(ctx.db, accountId, ctx.now(), scope);
}
