import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accounts } from "../../db/schema/accounts.ts";
import { guideVisitAccountDays, guideVisitDays, guideVisits } from "../../db/schema/visits.ts";

export type NewVisit = Omit<typeof guideVisits.$inferInsert, "visitDay"> & { createdAt: Date };

/**
 * The calendar day of `at` in the account's time zone (UTC until one is set), computed by the database, so
 * a live insert and a rebuild of the rollup (analytics.repository.ts) draw the same day boundaries.
 */
const accountDay = (accountId: string, at: Date) =>
  sql<string>`((${at.toISOString()})::timestamptz at time zone coalesce((select ${accounts.timeZone} from ${accounts} where ${accounts.id} = ${accountId}), 'UTC'))::date`;

/**
 * Appends a visit unless this session already visited this property that day (in the account's time zone),
 * and keeps the daily rollups (per property and per account) current in the same transaction
 * (docs/architecture.md §7). Returns false for a repeated report.
 */
export async function insertVisit(db: Db, visit: NewVisit, source: "qr-code" | "link"): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(guideVisits)
      .values({ ...visit, visitDay: accountDay(visit.accountId, visit.createdAt) })
      .onConflictDoNothing()
      .returning({ day: guideVisits.visitDay });
    const day = inserted[0]?.day;
    if (!day) return false;
    await tx
      .insert(guideVisitDays)
      .values({
        accountId: visit.accountId,
        propertyId: visit.propertyId,
        day,
        deviceType: visit.deviceType,
        source,
        sessions: 1,
      })
      .onConflictDoUpdate({
        target: [guideVisitDays.propertyId, guideVisitDays.day, guideVisitDays.deviceType, guideVisitDays.source],
        set: { sessions: sql`${guideVisitDays.sessions} + 1` },
      });
    await tx
      .insert(guideVisitAccountDays)
      .values({ accountId: visit.accountId, day, deviceType: visit.deviceType, source, sessions: 1 })
      .onConflictDoUpdate({
        target: [
          guideVisitAccountDays.accountId,
          guideVisitAccountDays.day,
          guideVisitAccountDays.deviceType,
          guideVisitAccountDays.source,
        ],
        set: { sessions: sql`${guideVisitAccountDays.sessions} + 1` },
      });
    return true;
  });
}
