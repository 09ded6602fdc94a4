import { DEFAULT_LANGUAGE } from "@doorstep/shared/constants";
import { copy } from "@doorstep/shared/copy";
import { directionsUrl, isPlaceCategory, PLACE_CATEGORIES } from "@doorstep/shared/rules/local-area";
import { formatPhone, phoneHref } from "@doorstep/shared/rules/phone";
import type { GuidePlace, GuidePlaceGroup } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import { sanitizePlainText } from "../../lib/sanitize.ts";
import { fileUrl } from "../../lib/urls.ts";
import { waitAtMost } from "../../lib/wait-at-most.ts";
import {
  findCachedPlaceTranslations,
  findGuidePlaces,
  findPlaceTranslations,
  insertCachedPlaceTranslations,
  type PlaceRow,
} from "./local-area.repository.ts";

// A link the guide may open: http(s) only (a stored "javascript:" would otherwise reach an href).
const httpOnly = (url: string | null) => (url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null);

const located = (p: PlaceRow) => p.lat !== null && p.lng !== null && Number.isFinite(p.lat) && Number.isFinite(p.lng);

function toGuidePlace(p: PlaceRow, words: PlaceWords): GuidePlace {
  const pinned = located(p);
  return {
    id: p.id,
    title: words.title,
    detailText: words.detailText,
    untranslated: words.untranslated,
    address: p.address,
    // The number for reading ("+44 1273 123456") and dialling (E.164); one the rules cannot read, as written.
    phone: p.phone ? formatPhone(p.phone) : null,
    telUrl: phoneHref(p.phone),
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

/** A place's words in the guide's language. */
interface PlaceWords {
  title: string;
  detailText: string;
  untranslated: boolean;
}

// Guests opening the same guide together share one provider call per language and set of place versions.
const inFlight = new Map<string, Promise<Map<string, string> | null>>();

/**
 * Machine-translates the recommendations (not the names: a café's name is its name) of these places into
 * `language` in one provider call, and caches them per (place, ContentVersion, language) (OPEN-44).
 */
function translateTexts(ctx: AppContext, language: string, places: PlaceRow[]): Promise<Map<string, string> | null> {
  const key = `${language}|${places.map((p) => `${p.id}@${p.contentVersion}`).join(",")}`;
  const running = inFlight.get(key);
  if (running) return running;
  const provider = ctx.translator;
  const pending = provider
    .translate(
      places.map((p) => p.detailText),
      language,
      "text",
    )
    .then(async (texts) => {
      // Provider output is untrusted input: cleaned like the host's own text.
      const out = new Map(places.map((p, i) => [p.id, sanitizePlainText(texts[i] ?? "") ?? ""]));
      await insertCachedPlaceTranslations(
        ctx.db,
        places.map((p) => ({
          placeId: p.id,
          contentVersion: p.contentVersion,
          language,
          provider: provider.kind,
          fields: { detailText: out.get(p.id)! },
        })),
      );
      return out;
    })
    .catch((err: unknown) => {
      ctx.log.warn({ err, provider: provider.kind }, "machine translation of places failed; showing English");
      return null;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, pending);
  return pending;
}

/**
 * The places' words in `language`: the host's translation wins field by field; a blank recommendation comes
 * from the machine translation cached for the place's version (asked for now when a provider is configured,
 * waiting at most `maxWaitMs`, the rest finishing in the background); else the English, marked untranslated.
 */
async function wordsIn(
  ctx: AppContext,
  rows: PlaceRow[],
  language: string,
  maxWaitMs: number | undefined,
  onLate: (() => void) | undefined,
): Promise<Map<string, PlaceWords>> {
  const original = (p: PlaceRow): PlaceWords => ({ title: p.title, detailText: p.detailText, untranslated: false });
  if (language === DEFAULT_LANGUAGE || rows.length === 0) return new Map(rows.map((p) => [p.id, original(p)]));
  const [host, cached] = await Promise.all([
    findPlaceTranslations(
      ctx.db,
      rows.map((r) => r.id),
    ),
    findCachedPlaceTranslations(ctx.db, language, rows),
  ]);
  const mine = new Map(host.filter((h) => h.language === language).map((h) => [h.placeId, h]));
  const machine = new Map([...cached].map(([id, fields]) => [id, fields.detailText ?? ""]));
  const missing = rows.filter((p) => p.detailText && !mine.get(p.id)?.detailText && !machine.has(p.id));
  if (missing.length > 0 && ctx.translator.configured) {
    const pending = translateTexts(ctx, language, missing);
    const translated = await waitAtMost(pending, maxWaitMs, onLate);
    for (const [id, text] of translated ?? []) machine.set(id, text);
  }
  return new Map(
    rows.map((p) => {
      const own = mine.get(p.id);
      const detailText = own?.detailText || machine.get(p.id) || "";
      return [
        p.id,
        {
          title: own?.title || p.title,
          detailText: detailText || p.detailText,
          untranslated: p.detailText !== "" && !detailText,
        },
      ];
    }),
  );
}

/**
 * A property's local recommendations as its guide shows them (GUIDE-10/15): its own places and those of the
 * profiles attached to it, by category in LOCAL-05's order, each category by ListRank (own places first), in
 * the guide's language where translated. Guest-safe: no provider ids, photo references or keys.
 */
export async function getGuidePlaces(
  ctx: AppContext,
  propertyRowId: string,
  language: string = DEFAULT_LANGUAGE,
  options: { maxWaitMs?: number; onLate?: () => void } = {},
): Promise<GuidePlaceGroup[]> {
  const rows = (await findGuidePlaces(ctx.db, propertyRowId)).filter(
    (row) => isPlaceCategory(row.categoryLabel) && row.title.trim() !== "",
  );
  const words = await wordsIn(ctx, rows, language, options.maxWaitMs, options.onLate);
  const byCategory = new Map<string, GuidePlace[]>();
  for (const row of rows) {
    const list = byCategory.get(row.categoryLabel) ?? [];
    list.push(toGuidePlace(row, words.get(row.id)!));
    byCategory.set(row.categoryLabel, list);
  }
  return PLACE_CATEGORIES.flatMap((label) => {
    const places = byCategory.get(label);
    return places ? [{ label, title: copy.localArea.categories[label].title, places }] : [];
  });
}
