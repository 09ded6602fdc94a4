import { and, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { guideEngagementAccountDays, guideEngagementDays } from "../../db/schema/visits.ts";

export interface EngagementTotal {
  kind: "section" | "item" | "language";
  key: string;
  sessions: number;
}

/**
 * Sessions per section and language over a range: for one property (its internal id) from the property
 * rollup, for the whole account from the account rollup. At most days × keys rows are read.
 */
export async function sumSectionsAndLanguages(
  db: Db,
  accountId: string,
  propertyRowId: string | null,
  from: string,
  to: string,
  scope?: readonly string[] | null,
): Promise<EngagementTotal[]> {
  if (!propertyRowId && !scope) {
    const t = guideEngagementAccountDays;
    return db
      .select({ kind: t.kind, key: t.key, sessions: sql<number>`sum(${t.sessions})::int` })
      .from(t)
      .where(and(eq(t.accountId, accountId), gte(t.day, from), lte(t.day, to)))
      .groupBy(t.kind, t.key);
  }
  const t = guideEngagementDays;
  return db
    .select({ kind: t.kind, key: t.key, sessions: sql<number>`sum(${t.sessions})::int` })
    .from(t)
    .where(
      and(
        eq(t.accountId, accountId),
        // Without a property, a limited member's properties (decision 056).
        propertyRowId ? eq(t.propertyId, propertyRowId) : inArray(t.propertyId, [...(scope ?? [])]),
        sql`${t.kind} <> 'item'`,
        gte(t.day, from),
        lte(t.day, to),
      ),
    )
    .groupBy(t.kind, t.key);
}

/** The items seen by most sessions over a range, most first (one property, or the whole account). */
export async function findTopItems(
  db: Db,
  accountId: string,
  propertyRowId: string | null,
  from: string,
  to: string,
  limit: number,
  scope?: readonly string[] | null,
): Promise<{ key: string; sessions: number }[]> {
  const t = guideEngagementDays;
  const sessions = sql<number>`sum(${t.sessions})::int`;
  return db
    .select({ key: t.key, sessions })
    .from(t)
    .where(
      and(
        eq(t.accountId, accountId),
        propertyRowId ? eq(t.propertyId, propertyRowId) : scope ? inArray(t.propertyId, [...scope]) : undefined,
        eq(t.kind, "item"),
        gte(t.day, from),
        lte(t.day, to),
      ),
    )
    .groupBy(t.key)
    .orderBy(desc(sessions), t.key)
    .limit(limit);
}
