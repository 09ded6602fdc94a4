import { dayInZone, eachDay, monthsBetween, previousRange } from "@doorstep/shared/rules/analytics";
import type {
  AnalyticsOptionsResponse,
  AnalyticsRangeQuery,
  AnalyticsVisitsResponse,
  SetTimeZoneResponse,
  VisitCounts,
} from "@doorstep/shared/schemas/analytics";
import type { AppContext, Caller } from "../../app-context.ts";
import { getOwnedProperty } from "../properties/property.service.ts";
import { getFirstPropertyCreatedAt, listPropertyChoicesFor } from "../properties/property-choices.service.ts";
import type { Db } from "../../db/client.ts";
import {
  getAccountTimeZone,
  lockAccountForAnalytics,
  markAnalyticsRawPurged,
  setAccountTimeZone,
} from "../users/account-analytics.service.ts";
import { deleteRawAnalytics, rebuildRollup, sumRollup, type RollupRow } from "./analytics.repository.ts";

const zero = (): VisitCounts => ({ desktop: 0, tablet: 0, mobileQr: 0, mobileLink: 0, mobileStay: 0, total: 0 });
const MOBILE_COLUMN = { "qr-code": "mobileQr", link: "mobileLink", "stay-link": "mobileStay" } as const;

function add(counts: VisitCounts, row: RollupRow): void {
  if (row.deviceType === "mobile") counts[MOBILE_COLUMN[row.source]] += row.sessions;
  else counts[row.deviceType] += row.sessions;
  counts.total += row.sessions;
}

/**
 * The visits view (ANL-03/04/06/08): unique sessions per day of the range by device, phones split by QR
 * code, web link and stay link, with totals for the range and for the range of the same length before it. Days are
 * the account's (its time zone); read from the daily rollup only. Another account's property is 404.
 */
export async function getVisitsView(
  ctx: AppContext,
  caller: Caller,
  query: AnalyticsRangeQuery,
): Promise<AnalyticsVisitsResponse> {
  const property = query.propertyId ? await getOwnedProperty(ctx, caller, query.propertyId) : null;
  const previous = previousRange(query.from, query.to);
  const [rows, timeZone] = await Promise.all([
    sumRollup(ctx.db, caller.accountId, property?.id ?? null, previous.from, query.to, caller.propertyScope),
    getAccountTimeZone(ctx, caller.accountId),
  ]);
  const byDay = new Map(eachDay(query.from, query.to).map((day) => [day, zero()]));
  const totals = zero();
  const previousTotals = zero();
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (day) {
      add(day, row);
      add(totals, row);
    } else add(previousTotals, row);
  }
  return {
    from: query.from,
    to: query.to,
    timeZone: timeZone ?? "UTC",
    propertyId: property?.propertyId ?? null,
    days: [...byDay].map(([day, counts]) => ({ day, ...counts })),
    totals,
    previous: { ...previous, totals: previousTotals },
  };
}

/** What the analytics page offers (ANL-01/02, OPEN-54): the months since the first property, the properties. */
export async function getAnalyticsOptions(ctx: AppContext, caller: Caller): Promise<AnalyticsOptionsResponse> {
  // A member limited to chosen properties picks among theirs only (decision 056).
  const [timeZone, first, properties] = await Promise.all([
    getAccountTimeZone(ctx, caller.accountId),
    getFirstPropertyCreatedAt(ctx, caller.accountId),
    listPropertyChoicesFor(ctx, caller),
  ]);
  const today = dayInZone(ctx.now(), timeZone ?? "UTC");
  const thisMonth = today.slice(0, 7);
  const firstDay = first ? dayInZone(first, timeZone ?? "UTC") : today;
  const firstMonth = (firstDay < today ? firstDay : today).slice(0, 7);
  return {
    timeZone,
    today,
    months: monthsBetween(firstMonth, thisMonth),
    properties,
    retentionDays: ctx.config.guide.visitRetentionDays,
  };
}

/**
 * Sets the time zone the account's analytics days are counted in; when it changes, the account's daily
 * rollup is rebuilt from the raw visits so past days follow the new boundaries.
 */
export async function setAnalyticsTimeZone(
  ctx: AppContext,
  caller: Caller,
  timeZone: string,
): Promise<SetTimeZoneResponse> {
  const current = await getAccountTimeZone(ctx, caller.accountId);
  if (current === timeZone) return { timeZone, rebuilt: false };
  // One transaction, so the analytics never read a half-built rollup; the row lock makes a concurrent
  // rebuild of the same account wait rather than interleave.
  await ctx.db.transaction(async (db) => {
    await lockAccountForAnalytics({ db }, caller.accountId);
    await setAccountTimeZone({ db }, caller.accountId, timeZone);
    await rebuildRollup(db, caller.accountId, timeZone);
  });
  return { timeZone, rebuilt: true };
}

/** Recounts an account's analytics days from its raw visits in its own zone (the operator's repair); returns the zone. */
export function rebuildAccountAnalytics(db: Db, accountId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const timeZone = (await lockAccountForAnalytics({ db: tx }, accountId)) ?? "UTC";
    await rebuildRollup(tx, accountId, timeZone);
    return timeZone;
  });
}

/**
 * Retention: deletes raw visit and section records older than the configured number of days; the daily
 * counts the analytics read stay. Run by the scheduler; returns how many raw rows went.
 */
export function purgeExpiredVisitRecords(ctx: AppContext): Promise<number> {
  const days = ctx.config.guide.visitRetentionDays;
  return purgeRawAnalytics(ctx.db, new Date(ctx.now().getTime() - days * 86_400_000));
}

/**
 * Deletes raw visit and section records created before `before` and records the purge line on every account
 * in the same transaction, so a later rebuild leaves the days before it alone. Returns how many raw rows went.
 */
export function purgeRawAnalytics(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await deleteRawAnalytics(tx, before);
    await markAnalyticsRawPurged({ db: tx }, before);
    return deleted;
  });
}
