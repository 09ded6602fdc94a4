import { and, asc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stays } from "../../db/schema/stays.ts";
import { stayPropertiesOf } from "../properties/property-joins.service.ts";

// What scheduled messages read of stays (decision 050): a stay's days, instants and zone, whether it has a
// contact, and its status; many at once.

function selectScheduling(db: Db) {
  const property = stayPropertiesOf(db);
  return db
    .select({
      id: stays.id,
      accountId: stays.accountId,
      propertyRowId: stays.propertyId,
      timeZone: property.timeZone,
      checkInDate: stays.checkInDate,
      checkOutDate: stays.checkOutDate,
      checkInAt: stays.checkInAt,
      checkOutAt: stays.checkOutAt,
      createdAt: stays.createdAt,
      status: stays.status,
      hasEmail: sql<boolean>`(${stays.guestEmail} is not null and ${stays.guestEmail} <> '')`,
      hasPhone: sql<boolean>`(${stays.guestPhone} is not null and ${stays.guestPhone} <> '')`,
      guestLanguage: stays.guestLanguage,
    })
    .from(stays)
    .innerJoin(property, eq(property.id, stays.propertyId));
}

export type StayScheduleRow = Awaited<ReturnType<ReturnType<typeof selectScheduling>["execute"]>>[number];

/** These stays (any account), on live guides. */
export function findStaysForScheduling(db: Db, ids: string[]): Promise<StayScheduleRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectScheduling(db).where(inArray(stays.id, ids));
}

/**
 * A page of the account's confirmed stays whose check-out is after `checkOutAfter`, keyset-paged by id,
 * optionally of some properties.
 */
export function pageStaysForScheduling(
  db: Db,
  accountId: string,
  f: { checkOutAfter: Date; propertyRowIds: string[] | null; afterId: string | null; limit: number },
): Promise<StayScheduleRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(stays.accountId, accountId),
    eq(stays.status, "confirmed"),
    gt(stays.checkOutAt, f.checkOutAfter),
  ];
  if (f.propertyRowIds) conditions.push(inArray(stays.propertyId, f.propertyRowIds));
  if (f.afterId) conditions.push(gt(stays.id, f.afterId));
  return selectScheduling(db)
    .where(and(...conditions))
    .orderBy(asc(stays.id))
    .limit(f.limit);
}
