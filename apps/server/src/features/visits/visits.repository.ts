import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountDayZoneOf } from "../users/account-analytics.service.ts";
import type { DeviceType } from "@doorstep/shared/schemas/guide";

export interface NewVisit {
  accountId: string;
  propertyId: string;
  trackingSessionId: string;
  deviceType: DeviceType;
  utmSource: string | null;
  /** The page's language when it loaded: the session's language in the languages table (decision 045). */
  language: string | null;
  /** ISO 8601, taken when the visit was reported. */
  createdAt: string;
}

/**
 * A visit's source from its `utm_source` (ANL-04): "qr-code" (the printed code's redirect), "stay-link" (a
 * stay's own guest link, `/s/{token}`, whose page reports it), else "link". One expression for the live
 * inserts and the rebuild, so the two cannot count differently.
 */
export const visitSourceOf = (utmSource: SQL) =>
  sql`case when ${utmSource} = 'qr-code' then 'qr-code' when ${utmSource} = 'stay-link' then 'stay-link' else 'link' end`;

/**
 * Appends a batch of visits in one statement, each unless its session already visited that property that day,
 * and keeps the daily rollups (per property and per account) current in the same statement, so the three
 * writes are atomic without a transaction's extra round trips (docs/architecture.md §7). The day is the
 * account's (its time zone, UTC until one is set), computed by the database exactly as a rebuild of the
 * rollup does (analytics.repository.ts). The source is `visitSourceOf` (ANL-04). The visit's language is
 * counted in the section report's language rollups in the same statement, only for a visit that was new, so
 * the languages table adds up to the visits (decision 045). A session repeated within the batch counts once: the ledger keeps its first report.
 * The batch travels as one JSON parameter, so the statement is the same for 1 or 1,000 visits.
 * Returns how many visits were new.
 */
export async function insertVisitBatch(db: Db, visits: NewVisit[]): Promise<number> {
  if (visits.length === 0) return 0;
  const rows = JSON.stringify(
    visits.map((v) => ({
      account_id: v.accountId,
      property_id: v.propertyId,
      tracking_session_id: v.trackingSessionId,
      device_type: v.deviceType,
      utm_source: v.utmSource,
      language: v.language,
      created_at: v.createdAt,
    })),
  );
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with input as (
      select i.account_id, i.property_id, i.tracking_session_id, i.device_type, i.utm_source, i.language,
             i.created_at, (i.created_at at time zone a.time_zone)::date as visit_day, i.ordinality
      from rows from (jsonb_to_recordset(${rows}::jsonb) as (account_id uuid, property_id uuid,
             tracking_session_id text, device_type text, utm_source text, language text, created_at timestamptz))
           with ordinality as i(account_id, property_id, tracking_session_id, device_type, utm_source, language,
                                created_at, ordinality)
      cross join lateral ${accountDayZoneOf(sql`i.account_id`)} as a
    ),
    kept as (
      insert into guide_visits (account_id, property_id, tracking_session_id, device_type, utm_source, language,
                                visit_day, created_at)
      select account_id, property_id, tracking_session_id, device_type, utm_source, language, visit_day, created_at
      from input order by ordinality
      on conflict do nothing
      returning account_id, property_id, visit_day, device_type, language,
                ${visitSourceOf(sql`utm_source`)} as source
    ),
    language_by_property as (
      insert into guide_engagement_days (account_id, property_id, day, kind, key, sessions)
      select account_id, property_id, visit_day, 'language', language, count(*)::int from kept
      where language is not null
      group by account_id, property_id, visit_day, language
      on conflict (property_id, day, kind, key)
      do update set sessions = guide_engagement_days.sessions + excluded.sessions
    ),
    language_by_account as (
      insert into guide_engagement_account_days (account_id, day, kind, key, sessions)
      select account_id, visit_day, 'language', language, count(*)::int from kept
      where language is not null
      group by account_id, visit_day, language
      on conflict (account_id, day, kind, key)
      do update set sessions = guide_engagement_account_days.sessions + excluded.sessions
    ),
    by_property as (
      insert into guide_visit_days (account_id, property_id, day, device_type, source, sessions)
      select account_id, property_id, visit_day, device_type, source, count(*)::int from kept
      group by account_id, property_id, visit_day, device_type, source
      on conflict (property_id, day, device_type, source)
      do update set sessions = guide_visit_days.sessions + excluded.sessions
    ),
    by_account as (
      insert into guide_visit_account_days (account_id, day, device_type, source, sessions)
      select account_id, visit_day, device_type, source, count(*)::int from kept
      group by account_id, visit_day, device_type, source
      on conflict (account_id, day, device_type, source)
      do update set sessions = guide_visit_account_days.sessions + excluded.sessions
    )
    select count(*)::int as added from kept`)) as unknown as { rows: { added: number }[] };
  return Number(result.rows[0]?.added ?? 0);
}
