import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

export type EngagementKind = "section" | "item" | "language";

export interface EngagementEvent {
  accountId: string;
  propertyId: string;
  trackingSessionId: string;
  kind: EngagementKind;
  key: string;
  /** ISO 8601, taken when the beacon arrived. */
  createdAt: string;
}

/**
 * Writes a batch of engagement events in one statement: the ledger keeps each (property, day, session,
 * kind, key) once, and only the rows it newly kept are added to the per-property rollup and (sections and
 * languages) to the per-account rollup. The day is the account's, computed by the database exactly as for
 * visits (visits.repository.ts), so a section's sessions and the guide's sessions share their days.
 * The batch travels as one JSON parameter, so the statement is the same for 1 or 5,000 events.
 * Returns how many events were new.
 */
export async function insertEngagementBatch(db: Db, events: EngagementEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = JSON.stringify(
    events.map((e) => ({
      account_id: e.accountId,
      property_id: e.propertyId,
      tracking_session_id: e.trackingSessionId,
      kind: e.kind,
      key: e.key,
      created_at: e.createdAt,
    })),
  );
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with input as (
      select i.account_id, i.property_id, i.tracking_session_id, i.kind, i.key, i.created_at,
             (i.created_at at time zone coalesce(a.time_zone, 'UTC'))::date as day
      from jsonb_to_recordset(${rows}::jsonb) as i(account_id uuid, property_id uuid, tracking_session_id text,
                                                    kind text, key text, created_at timestamptz)
      join accounts a on a.id = i.account_id
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
