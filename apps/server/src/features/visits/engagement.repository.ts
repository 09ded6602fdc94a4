import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountDayZoneOf } from "../users/account-analytics.service.ts";

export type EngagementKind = "section" | "item" | "language";

/**
 * One section beacon as it waits to be written: a session's language and the sections and items it saw,
 * each key once (the service removes repeats). Kept whole rather than as one object per event, so a
 * beacon costs the server one small object and the statement one JSON row; the database unnests it.
 */
export interface EngagementBeacon {
  accountId: string;
  propertyId: string;
  trackingSessionId: string;
  language: string;
  sections: readonly string[];
  items: readonly string[];
  /** ISO 8601, taken when the beacon arrived. */
  createdAt: string;
}

/** The events a beacon holds, as rows of the ledger: its language, its sections and its items. */
export const eventsIn = (beacon: EngagementBeacon) => 1 + beacon.sections.length + beacon.items.length;

/**
 * Writes a batch of beacons in one statement: the ledger keeps each (property, day, session, kind, key)
 * once, and only the rows it newly kept are added to the per-property rollup and (sections) to the
 * per-account rollup. A beacon's language is not counted: the visit carries the session's one language, so
 * the languages table adds up to the visits (decision 045; visits.repository.ts). The day is the account's, computed by the database exactly as for visits
 * (visits.repository.ts), so a section's sessions and the guide's sessions share their days.
 * The batch travels as one JSON parameter, a row per beacon with its keys as arrays, so the statement is
 * the same for 1 or 1,000 beacons. Returns how many events were new.
 */
export async function insertEngagementBatch(db: Db, beacons: EngagementBeacon[]): Promise<number> {
  if (beacons.length === 0) return 0;
  const rows = JSON.stringify(
    beacons.map((b) => ({
      account_id: b.accountId,
      property_id: b.propertyId,
      tracking_session_id: b.trackingSessionId,
      language: b.language,
      sections: b.sections,
      items: b.items,
      created_at: b.createdAt,
    })),
  );
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with beacon as (
      select b.account_id, b.property_id, b.tracking_session_id, b.language, b.sections, b.items, b.created_at,
             (b.created_at at time zone a.time_zone)::date as day
      from jsonb_to_recordset(${rows}::jsonb) as b(account_id uuid, property_id uuid, tracking_session_id text,
                                                    language text, sections text[], items text[],
                                                    created_at timestamptz)
      cross join lateral ${accountDayZoneOf(sql`b.account_id`)} as a
    ),
    input as (
      select account_id, property_id, day, tracking_session_id, 'section' as kind, s.key, created_at
      from beacon cross join lateral unnest(sections) as s(key)
      union all
      select account_id, property_id, day, tracking_session_id, 'item', i.key, created_at
      from beacon cross join lateral unnest(items) as i(key)
    ),
    kept as (
      insert into guide_engagement_events (account_id, property_id, day, tracking_session_id, kind, key, created_at)
      select account_id, property_id, day, tracking_session_id, kind, key, created_at from input
      on conflict do nothing
      returning account_id, property_id, day, kind, key
    ),
    by_property as (
      insert into guide_engagement_days (account_id, property_id, day, kind, key, sessions)
      select account_id, property_id, day, kind, key, count(*)::int from kept
      group by account_id, property_id, day, kind, key
      on conflict (property_id, day, kind, key)
      do update set sessions = guide_engagement_days.sessions + excluded.sessions
    ),
    by_account as (
      insert into guide_engagement_account_days (account_id, day, kind, key, sessions)
      select account_id, day, kind, key, count(*)::int from kept where kind <> 'item'
      group by account_id, day, kind, key
      on conflict (account_id, day, kind, key)
      do update set sessions = guide_engagement_account_days.sessions + excluded.sessions
    )
    select count(*)::int as added from kept`)) as unknown as { rows: { added: number }[] };
  return Number(result.rows[0]?.added ?? 0);
}
