import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts } from "../../db/schema/accounts.ts";
import type { guideVisits } from "../../db/schema/visits.ts";

export type NewVisit = Omit<typeof guideVisits.$inferInsert, "visitDay"> & { createdAt: Date };

/**
 * The calendar day of `at` in the account's time zone (UTC until one is set), computed by the database, so
 * a live insert and a rebuild of the rollup (analytics.repository.ts) draw the same day boundaries.
 */
const accountDay = (accountId: string, at: Date) =>
  sql<string>`((${at.toISOString()})::timestamptz at time zone coalesce((select ${accounts.timeZone} from ${accounts} where ${accounts.id} = ${accountId}), 'UTC'))::date`;

/**
 * Appends a visit unless this session already visited this property that day (in the account's time zone),
 * and keeps the daily rollups (per property and per account) current in the same statement, so the three
 * writes are atomic without a transaction's extra round trips (docs/architecture.md §7). Returns false for a
 * repeated report.
 */
export async function insertVisit(db: Db, visit: NewVisit, source: "qr-code" | "link"): Promise<boolean> {
  const day = accountDay(visit.accountId, visit.createdAt);
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with kept as (
      insert into guide_visits (account_id, property_id, tracking_session_id, device_type, utm_source, visit_day, created_at)
      values (${visit.accountId}, ${visit.propertyId}, ${visit.trackingSessionId}, ${visit.deviceType},
              ${visit.utmSource ?? null}, ${day}, ${visit.createdAt.toISOString()})
      on conflict do nothing
      returning account_id, property_id, visit_day, device_type
    ),
    by_property as (
      insert into guide_visit_days (account_id, property_id, day, device_type, source, sessions)
      select account_id, property_id, visit_day, device_type, ${source}, 1 from kept
      on conflict (property_id, day, device_type, source)
      do update set sessions = guide_visit_days.sessions + 1
    ),
    by_account as (
      insert into guide_visit_account_days (account_id, day, device_type, source, sessions)
      select account_id, visit_day, device_type, ${source}, 1 from kept
      on conflict (account_id, day, device_type, source)
      do update set sessions = guide_visit_account_days.sessions + 1
    )
    select count(*)::int as added from kept`)) as unknown as { rows: { added: number }[] };
  return Number(result.rows[0]?.added ?? 0) > 0;
}
