import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts } from "../../db/schema/users.ts";

/** The account's analytics time zone, or null before one is set. */
export async function findAccountTimeZone(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.timeZone ?? null;
}

/** Locks the account's row and answers its time zone (null when none is set or the account is gone). */
export async function lockAccountTimeZone(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: accounts.timeZone })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for("update");
  return row?.timeZone ?? null;
}

export async function updateAccountTimeZone(db: Db, accountId: string, timeZone: string): Promise<void> {
  await db.update(accounts).set({ timeZone }).where(eq(accounts.id, accountId));
}

/** Moves every account's purge line up to `before` (never back). */
export async function updateAnalyticsRawSince(db: Db, before: Date): Promise<void> {
  const at = before.toISOString();
  await db
    .update(accounts)
    .set({ analyticsRawSince: before })
    .where(sql`${accounts.analyticsRawSince} is null or ${accounts.analyticsRawSince} < ${at}::timestamptz`);
}

/**
 * A one-row source `(time_zone)`: the account's zone, UTC until one is set; no row when the account is
 * gone. Joined laterally, it drops what an inner join on accounts dropped, and PostgreSQL plans it as that join.
 */
export function accountDayZoneSql(accountId: SQLWrapper): SQL {
  return sql`(select coalesce(${accounts.timeZone}, 'UTC') as time_zone from ${accounts} where ${accounts.id} = ${accountId})`;
}

/** The account's raw-analytics purge line (null when nothing was purged), as a scalar subquery. */
export function accountAnalyticsRawSinceSql(accountId: SQLWrapper): SQL<Date | null> {
  return sql<Date | null>`(select ${accounts.analyticsRawSince} from ${accounts} where ${accounts.id} = ${accountId})`;
}
