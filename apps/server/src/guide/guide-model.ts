import type { GuideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { guideHiddenReason } from "@doorstep/shared/rules/placeholders";
import type { CategoryDto } from "@doorstep/shared/schemas/content";
import type { GuidePlaceGroup } from "@doorstep/shared/schemas/guide";
import type { TranslatedItem } from "../features/content/translation.service.ts";
import type { GuideHost } from "../features/managers/manager-card.service.ts";
import type { GuideTheme } from "./guide-theme.ts";

/** A guide item in the page's language, as the content feature serves it. */
export type { TranslatedItem };

/** What a guide page shows; built by the service, rendered by the components (no data access there). */
export interface GuidePageModel {
  kind: "guide" | "gate" | "inactive" | "not-found";
  /** "/g/{PropertyID}", or "/{PropertyID}" on the guide host. */
  basePath: string;
  propertyId: string;
  title: string;
  coverUrl: string | null;
  theme: GuideTheme | null;
  preview: boolean;
  /** The preview link's token, carried by the language links so a preview stays a preview. */
  previewToken: string | null;
  noindex: boolean;
  language: string;
  /** The guide's own words (titles, buttons, the gate) in `language`, English where it has none yet. */
  labels: GuideLabels;
  languages: string[];
  displayAddress: string | null;
  what3words: string | null;
  host: GuideHostCard | null;
  sections: GuideSection[];
  /** Local recommendations by category (GUIDE-10/15): the property's own places and its profiles'. */
  places: GuidePlaceGroup[];
  /** What the on-demand map needs; null when no place has a pin (nothing to map, no button). */
  map: GuideMap | null;
  updatedAt: Date | null;
  /** The gate's message after a failed attempt (wrong code, too many tries). */
  gateError: string | null;
  scriptUrl: string;
  /** Register the offline service worker: not for previews, never for a locked gate. */
  offline: boolean;
  /** Report a visit (GUIDE-17): live guides only, never previews. */
  recordVisit: boolean;
  /** The property takes guest messages (GUIDE-18): the guide shows the way to write to the host. */
  messaging: boolean;
  /** Some content is shown in English for want of a translation: the page says so once, near the top. */
  untranslated: boolean;
  /** A stay's own guide (opened from its guest link): the welcome, dates, and where the stay stands. */
  stay: GuideStay | null;
  /** Where the language links point when not at `basePath` (a stay's link keeps its own address). */
  languageBase: string | null;
}

/** A stay's part of its guide (decision 042), already in the page's language. */
export interface GuideStay {
  welcome: string;
  checkIn: string;
  checkOut: string;
  /** Before the details appear, during the stay (shown), after (hidden again). */
  phase: "before" | "during" | "after";
  /** Before: the day the details appear, e.g. "Friday 12 December 2026". */
  revealOn: string | null;
  /** During only: the stay's door code. */
  doorCode: string | null;
  /**
   * During only: when the stay ends (ISO instant). The page marks what it shows only during the stay with it,
   * so an offline copy drops those parts at that time by the device's clock (decision 043).
   */
  until: string | null;
  /** The guest store's tile (decision 053): only on a stay's link, only when its property has offers. */
  extras?: { href: string; title: string } | null;
}

/**
 * The map a guest may open (GUIDE-15): Leaflet from our own origin, loaded only on request, tiles from
 * MAP_TILE_URL, centred on the property when it has coordinates.
 */
export interface GuideMap {
  scriptUrl: string;
  styleUrl: string;
  tileUrl: string;
  attribution: string;
  property: { lat: number; lng: number } | null;
}

/** The host card: the property's manager as the managers feature describes it to guests. */
export type GuideHostCard = GuideHost;

export interface GuideSection {
  category: CategoryDto;
  items: TranslatedItem[];
  children: GuideSection[];
}

/**
 * Decision 023: a suggested item reaches guests only once the host wrote it. Left out while a field (in the page's
 * language, or the English rich text a translation came from) still holds a bracketed blank of its template's
 * sample, or while it has nothing but the template's name.
 */
export function shownToGuests(item: TranslatedItem): boolean {
  const reason = guideHiddenReason(
    {
      title: item.englishTitle,
      detailText: item.englishDetailText,
      describe: item.describe,
      locate: item.locate,
      operate: item.operate,
      webLink: item.webLink,
      subItemTexts: item.subItems.flatMap((s) => [s.detailText, s.buttonLabel, s.internalLinkLabel]),
      hasMediaOrSubItems:
        item.imageUrl !== null || item.videoUrl !== null || item.documentUrl !== null || item.subItems.length > 0,
    },
    item.template,
  );
  if (reason !== null) return false;
  // The shown language's own words (a host or machine translation) may keep a blank the English lost.
  return guideHiddenReason({ ...emptyItem, title: item.title, detailText: item.detailText }, item.template) === null;
}

const emptyItem = {
  describe: null,
  locate: null,
  operate: null,
  webLink: null,
  subItemTexts: [],
  hasMediaOrSubItems: true,
};

/** Categories in the theme's order with their items by ListRank (GUIDE-10); empty ones are left out. */
export function buildSections(categories: CategoryDto[], items: TranslatedItem[]): GuideSection[] {
  const shown = categories.filter((c) => c.type !== "communication").sort((a, b) => a.listRank - b.listRank);
  const itemsOf = (label: string) =>
    items.filter((i) => i.categoryLabel === label && i.title.trim() !== "").sort((a, b) => a.listRank - b.listRank);
  const build = (c: CategoryDto): GuideSection => ({
    category: c,
    items: itemsOf(c.label),
    children: shown.filter((k) => k.parentLabel === c.label).map(build),
  });
  const hasContent = (s: GuideSection): boolean => s.items.length > 0 || s.children.some(hasContent);
  const prune = (s: GuideSection): GuideSection => ({ ...s, children: s.children.filter(hasContent).map(prune) });
  return shown
    .filter((c) => !c.parentLabel)
    .map(build)
    .filter(hasContent)
    .map(prune);
}

/** `/files/key?w=…` candidates for srcset (FILE-10 widths). */
export function srcSet(url: string, widths: readonly number[]): string {
  return widths.map((w) => `${url}?w=${w} ${w}w`).join(", ");
}
