import { copy } from "@doorstep/shared/copy";
import { directionsUrl, isPlaceCategory, PLACE_CATEGORIES } from "@doorstep/shared/rules/local-area";
import type { GuidePlace, GuidePlaceGroup } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import { fileUrl } from "../../lib/urls.ts";
import { findGuidePlaces, type PlaceRow } from "./local-area.repository.ts";

// A link the guide may open: http(s) only (a stored "javascript:" would otherwise reach an href).
const httpOnly = (url: string | null) => (url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null);

/** A `tel:` link from the number as written ("+44 (0)1273 123 456" → "tel:+4401273123456"); null without digits. */
export function telUrl(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}

const located = (p: PlaceRow) => p.lat !== null && p.lng !== null && Number.isFinite(p.lat) && Number.isFinite(p.lng);

function toGuidePlace(p: PlaceRow): GuidePlace {
  const pinned = located(p);
  return {
    id: p.id,
    title: p.title,
    detailText: p.detailText,
    address: p.address,
    phone: p.phone,
    telUrl: telUrl(p.phone),
    webLink: httpOnly(p.webLink),
    directionsUrl: directionsUrl({
      lat: pinned ? p.lat : null,
      lng: pinned ? p.lng : null,
      title: p.title,
      address: p.address,
      providerPlaceId: p.providerPlaceId,
    }),
    // LOCAL-12: a place without a pin is listed, never mapped.
    lat: pinned ? p.lat : null,
    lng: pinned ? p.lng : null,
    rating: p.rating !== null && p.rating > 0 ? Math.min(5, Math.round(p.rating * 10) / 10) : null,
    imageUrl: fileUrl(p.imageKey),
  };
}

/**
 * A property's local recommendations as its guide shows them (GUIDE-10/15): its own places and those of the
 * profiles attached to it, by category in LOCAL-05's order, each category by ListRank (own places first).
 * Guest-safe: no provider ids, photo references or keys.
 */
export async function getGuidePlaces(ctx: AppContext, propertyRowId: string): Promise<GuidePlaceGroup[]> {
  const rows = await findGuidePlaces(ctx.db, propertyRowId);
  const byCategory = new Map<string, GuidePlace[]>();
  for (const row of rows) {
    if (!isPlaceCategory(row.categoryLabel) || row.title.trim() === "") continue;
    const list = byCategory.get(row.categoryLabel) ?? [];
    list.push(toGuidePlace(row));
    byCategory.set(row.categoryLabel, list);
  }
  return PLACE_CATEGORIES.flatMap((label) => {
    const places = byCategory.get(label);
    return places ? [{ label, title: copy.localArea.categories[label].title, places }] : [];
  });
}
