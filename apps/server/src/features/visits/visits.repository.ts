import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { guideVisitDays, guideVisits } from "../../db/schema/visits.ts";

export type NewVisit = typeof guideVisits.$inferInsert & { visitDay: string };

/**
 * Appends a visit unless this session already visited this property today, and keeps the daily rollup
 * current in the same transaction (docs/architecture.md §7). Returns false for a repeated report.
 */
export async function insertVisit(db: Db, visit: NewVisit, source: "qr-code" | "link"): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(guideVisits).values(visit).onConflictDoNothing().returning({ id: guideVisits.id });
    if (inserted.length === 0) return false;
    await tx
      .insert(guideVisitDays)
      .values({
        accountId: visit.accountId,
        propertyId: visit.propertyId,
        day: visit.visitDay,
        deviceType: visit.deviceType,
        source,
        sessions: 1,
      })
      .onConflictDoUpdate({
        target: [guideVisitDays.propertyId, guideVisitDays.day, guideVisitDays.deviceType, guideVisitDays.source],
        set: { sessions: sql`${guideVisitDays.sessions} + 1` },
      });
    return true;
  });
}
