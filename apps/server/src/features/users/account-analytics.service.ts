import type { SQL, SQLWrapper } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import {
  accountAnalyticsRawSinceSql,
  accountDayZoneSql,
  findAccountTimeZone,
  lockAccountTimeZone,
  updateAccountTimeZone,
  updateAnalyticsRawSince,
} from "./account-analytics.repository.ts";

// The account's columns the visits feature counts its days by: the time zone and the raw-record purge line.
// Each function takes the caller's handle, so the visits feature can run them in its rebuild's transaction.

/** The account's analytics time zone (ANL-08), or null before one is set. */
export function getAccountTimeZone(ctx: Pick<AppContext, "db">, accountId: string): Promise<string | null> {
  return findAccountTimeZone(ctx.db, accountId);
}

/**
 * Locks the account's row until the caller's transaction ends and answers its time zone, so two rebuilds
 * of the same account wait for each other rather than interleave.
 */
export function lockAccountForAnalytics(ctx: Pick<AppContext, "db">, accountId: string): Promise<string | null> {
  return lockAccountTimeZone(ctx.db, accountId);
}

/** Stores the account's analytics time zone; the caller rebuilds the rollup in the same transaction. */
export function setAccountTimeZone(ctx: Pick<AppContext, "db">, accountId: string, timeZone: string): Promise<void> {
  return updateAccountTimeZone(ctx.db, accountId, timeZone);
}

/** Records on every account that raw analytics before `before` are gone, so a rebuild keeps those days. */
export function markAnalyticsRawPurged(ctx: Pick<AppContext, "db">, before: Date): Promise<void> {
  return updateAnalyticsRawSince(ctx.db, before);
}

/**
 * SQL for a one-row source with the account's day zone (`time_zone`, UTC until one is set), none when the
 * account is gone: the visit and section batch inserts join it laterally to stay one statement.
 */
export function accountDayZoneOf(accountId: SQLWrapper): SQL {
  return accountDayZoneSql(accountId);
}

/** SQL for the account's raw-analytics purge line (null when nothing was purged), for the rollup rebuild. */
export function accountAnalyticsRawSinceOf(accountId: SQLWrapper): SQL<Date | null> {
  return accountAnalyticsRawSinceSql(accountId);
}
