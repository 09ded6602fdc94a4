import type { AppContext } from "../../app-context.ts";
import { findPinnedWithoutPinZone, findStayProperty, setPinZone } from "./property-joins.repository.ts";
import { zoneAtPin } from "./property-time-zone.ts";

// What the stays feature reads of a property (decision 040): its zone, default times and guide languages.

/** A live guide as a stay sees it. */
export interface StayProperty {
  /** Row id. */
  id: string;
  /** Weblink. */
  propertyId: string;
  title: string;
  timeZone: string;
  defaultCheckInTime: string;
  defaultCheckOutTime: string;
  defaultLanguage: string;
  languageTranslations: string[];
}

/** One of the account's live guides (not archived, not the shared-content one) by weblink or row id; null if none. */
export function getStayProperty(
  ctx: Pick<AppContext, "db">,
  accountId: string,
  by: { propertyId: string } | { id: string },
): Promise<StayProperty | null> {
  return findStayProperty(ctx.db, accountId, by);
}

/** The languages a stay's guest may have: the guide's default, its translations and English. */
export function guideLanguages(property: Pick<StayProperty, "defaultLanguage" | "languageTranslations">): string[] {
  return [...new Set(["en", property.defaultLanguage, ...property.languageTranslations])];
}

/**
 * Gives properties that have a pin but still their account's zone (those from before zones existed) the zone
 * at their pin; answers each one whose zone moved, for their stays to follow. `limit` per call.
 */
export async function fillZonesFromPins(
  ctx: Pick<AppContext, "db">,
  limit: number,
): Promise<{ seen: number; moved: { id: string; accountId: string; timeZone: string }[] }> {
  const rows = await findPinnedWithoutPinZone(ctx.db, limit);
  const moved: { id: string; accountId: string; timeZone: string }[] = [];
  for (const row of rows) {
    const zone = zoneAtPin(row.lat!, row.lng!);
    const { changed } = await setPinZone(ctx.db, row.id, zone);
    if (changed && zone) moved.push({ id: row.id, accountId: row.accountId, timeZone: zone });
  }
  return { seen: rows.length, moved };
}
