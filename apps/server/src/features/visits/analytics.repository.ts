import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { guideVisitAccountDays, guideVisitDays, type VISIT_SOURCES } from "../../db/schema/visits.ts";
import { accountAnalyticsRawSinceOf } from "../users/account-analytics.service.ts";
import { visitSourceOf } from "./visits.repository.ts";

export interface RollupRow {
  day: string;
  deviceType: "desktop" | "tablet" | "mobile";
  source: (typeof VISIT_SOURCES)[number];
  sessions: number;
}

/**
 * Sessions per day, device type and source (ANL-08) for one property (its internal id) from the property
 * rollup, or for the whole account from the account rollup: at most days × 3 × 2 rows either way, whatever
 * the number of visits or properties.
 */
export async function sumRollup(
  db: Db,
  accountId: string,
  propertyId: string | null,
  from: string,
  to: string,
  scope?: readonly string[] | null,
): Promise<RollupRow[]> {
  if (!propertyId && scope) {
    // A member limited to chosen properties (decision 056): their properties' rollups summed, a session that
    // opened two of their guides counting once for each.
    const t = guideVisitDays;
    return db
      .select({
        day: t.day,
        deviceType: t.deviceType,
        source: t.source,
        sessions: sql<number>`sum(${t.sessions})::int`,
      })
      .from(t)
      .where(and(eq(t.accountId, accountId), inArray(t.propertyId, [...scope]), gte(t.day, from), lte(t.day, to)))
      .groupBy(t.day, t.deviceType, t.source);
  }
  if (!propertyId) {
    const t = guideVisitAccountDays;
    return db
      .select({ day: t.day, deviceType: t.deviceType, source: t.source, sessions: t.sessions })
      .from(t)
      .where(and(eq(t.accountId, accountId), gte(t.day, from), lte(t.day, to)));
  }
  const t = guideVisitDays;
  return db
    .select({ day: t.day, deviceType: t.deviceType, source: t.source, sessions: t.sessions })
    .from(t)
    .where(and(eq(t.accountId, accountId), eq(t.propertyId, propertyId), gte(t.day, from), lte(t.day, to)));
}

/**
 * Recomputes the account's daily rollups (visits, then sections) from its raw records, days in `timeZone`.
 * Days whose raw records were partly purged (retention: the account's purge line, kept by the users feature)
 * keep the counts they have: only the days after the purge line are deleted and recounted.
 */
export async function rebuildRollup(db: Db, accountId: string, timeZone: string): Promise<void> {
  // The first day all of whose raw records are still kept, in the new zone; null when nothing was purged.
  const keepFrom = sql`((${accountAnalyticsRawSinceOf(sql`${accountId}::uuid`)} at time zone ${timeZone})::date + 1)`;
  const recounted = (day: SQL) => sql`(${keepFrom} is null or ${day} >= ${keepFrom})`;
  const localDay = sql`(created_at at time zone ${timeZone})::date`;
  for (const table of [
    "guide_visit_days",
    "guide_visit_account_days",
    "guide_engagement_days",
    "guide_engagement_account_days",
  ])
    await db.execute(
      sql`delete from ${sql.identifier(table)} where account_id = ${accountId} and ${recounted(sql`day`)}`,
    );
  await db.execute(sql`
    insert into guide_visit_days (account_id, property_id, day, device_type, source, sessions)
    select account_id, property_id, day, device_type, source, count(*)::int
    from (
      select distinct on (property_id, day, tracking_session_id)
             account_id, property_id, ${localDay} as day, device_type,
             ${visitSourceOf(sql`utm_source`)} as source
      from guide_visits
      where account_id = ${accountId} and ${recounted(localDay)}
      order by property_id, day, tracking_session_id, created_at
    ) first_visits
    group by account_id, property_id, day, device_type, source`);
  await db.execute(sql`
    insert into guide_visit_account_days (account_id, day, device_type, source, sessions)
    select account_id, day, device_type, source, sum(sessions)::int
    from guide_visit_days where account_id = ${accountId} and ${recounted(sql`day`)}
    group by account_id, day, device_type, source`);
  // A session counts once per key and day in the new zone, as live inserts count it. Languages come from the
  // visits (each session's first visit of the day, as counted above), so they add up to the sessions (045).
  await db.execute(sql`
    insert into guide_engagement_days (account_id, property_id, day, kind, key, sessions)
    select account_id, property_id, day, kind, key, count(distinct tracking_session_id)::int
    from (
      select account_id, property_id, ${localDay} as day, kind, key, tracking_session_id
      from guide_engagement_events
      where account_id = ${accountId} and kind <> 'language' and ${recounted(localDay)}
    ) events
    group by account_id, property_id, day, kind, key`);
  await db.execute(sql`
    insert into guide_engagement_days (account_id, property_id, day, kind, key, sessions)
    select account_id, property_id, day, 'language', language, count(*)::int
    from (
      select distinct on (property_id, day, tracking_session_id) account_id, property_id, ${localDay} as day, language
      from guide_visits
      where account_id = ${accountId} and ${recounted(localDay)}
      order by property_id, day, tracking_session_id, created_at
    ) first_visits
    where language is not null
    group by account_id, property_id, day, language`);
  await db.execute(sql`
    insert into guide_engagement_account_days (account_id, day, kind, key, sessions)
    select account_id, day, kind, key, sum(sessions)::int
    from guide_engagement_days where account_id = ${accountId} and kind <> 'item' and ${recounted(sql`day`)}
    group by account_id, day, kind, key`);
}

/**
 * Deletes raw visit and section records created before `before` (retention: the rollups keep the counts).
 * The caller records the purge line on the accounts in the same transaction. Returns how many raw rows went.
 */
export async function deleteRawAnalytics(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  const visits = (await db.execute(sql`delete from guide_visits where created_at < ${at}::timestamptz`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  const events = (await db.execute(
    sql`delete from guide_engagement_events where created_at < ${at}::timestamptz`,
  )) as unknown as { rowCount?: number | null; affectedRows?: number };
  const count = (r: { rowCount?: number | null; affectedRows?: number }) => Number(r.rowCount ?? r.affectedRows ?? 0);
  return count(visits) + count(events);
}
