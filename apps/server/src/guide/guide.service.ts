import { timingSafeEqual } from "node:crypto";
import { GUIDE_LABEL_LANGUAGES, guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import type { AppContext } from "../app-context.ts";
import { AppError, notFound } from "../lib/app-error.ts";
import { getTranslatedContent } from "../features/content/translation.service.ts";
import { getGuidePlaces } from "../features/local-area/local-area-guide.service.ts";
import { getGuideHost } from "../features/managers/manager-card.service.ts";
import { getGuideProperty } from "../features/properties/property-guide.service.ts";
import { purgeGuideCache } from "../lib/guide-purge.ts";
import { fileUrl } from "../lib/urls.ts";
import { LEAFLET_SCRIPT, LEAFLET_STYLE } from "./guide-assets.ts";
import { isGuestUnlocked, isValidPreview, sealGuestUnlock, sealPreviewToken } from "./guide-access.ts";
import { localCategory } from "./guide-labels.ts";
import { applyRestrictions } from "./guide-restricted.ts";
import { buildSections, shownToGuests, type GuideMap, type GuidePageModel } from "./guide-model.ts";
import { guideTheme } from "./guide-theme.ts";
import { chooseLanguage, guideLanguages } from "./language.ts";

export interface GuideRequest {
  propertyId: string;
  basePath: string;
  scriptUrl: string;
  lang?: string;
  acceptLanguage?: string;
  previewToken?: string;
  guestCookie?: string;
  gateError?: string;
  /** Opened with a stay's guest link: the link is the key, so a passcode does not stop it. */
  stayKey?: boolean;
  /**
   * Restricted items left whole (decision 042): only for a stay's guide, which masks or fills them per stay
   * before anything is rendered. Every other page gets them masked here.
   */
  unmasked?: boolean;
}

export interface GuidePage {
  model: GuidePageModel;
  /** The answer depends on the visitor's cookie or preview token: never reuse it for anyone else. */
  personal: boolean;
  /** The page holds passcode-protected content (the visitor unlocked it, or it is the owner's preview). */
  protectedContent: boolean;
  /** The guide's account, when there is a guide: an account's purge drops its cached pages (decision 059). */
  accountId?: string;
  /**
   * When the clock alone changes this page (ms since the epoch; a trial ending takes the guide offline), if it
   * does: a cached copy is not served from then on (decision 059). Absent: only a write changes it.
   */
  until?: number;
}

/** Longest a guide render waits for machine translation of uncached fields (GUIDE-09). */
const GUIDE_TRANSLATION_WAIT_MS = 300;

/**
 * The language of a page with no guide to choose from (not found, unavailable): the visitor's ?lang or
 * Accept-Language among the languages the guide's labels ship in, else English.
 */
function visitorLanguage(request: GuideRequest): string {
  return chooseLanguage({
    languages: GUIDE_LABEL_LANGUAGES,
    defaultLanguage: "en",
    requested: request.lang,
    acceptLanguage: request.acceptLanguage,
  });
}

export function emptyModel(request: GuideRequest, kind: "not-found" | "inactive"): GuidePageModel {
  const language = visitorLanguage(request);
  return {
    kind,
    basePath: request.basePath,
    propertyId: request.propertyId,
    title: "",
    coverUrl: null,
    theme: null,
    preview: false,
    previewToken: null,
    noindex: true,
    language,
    labels: guideLabels(language),
    languages: [],
    displayAddress: null,
    what3words: null,
    host: null,
    sections: [],
    places: [],
    map: null,
    updatedAt: null,
    gateError: null,
    scriptUrl: request.scriptUrl,
    offline: false,
    recordVisit: false,
    messaging: false,
    untranslated: false,
    stay: null,
    languageBase: null,
  };
}

/**
 * Decides what a visitor sees at a guide address (GUIDE-02/06/07/22, OPEN-57/58, IMPL-39) and gathers it:
 * not found; inactive (not Live, PROP-17); the passcode gate; or the guide in the chosen language.
 * A valid preview token shows the owner the guide whatever its state, marked and noindex.
 */
export async function loadGuidePage(ctx: AppContext, request: GuideRequest): Promise<GuidePage> {
  const record = await getGuideProperty(ctx, request.propertyId);
  if (!record) return { model: emptyModel(request, "not-found"), personal: false, protectedContent: false };
  const { property } = record;
  const cacheHints = { accountId: property.accountId, until: record.changesAt?.getTime() };
  const preview =
    request.previewToken !== undefined &&
    isValidPreview(ctx, property.propertyId, property.accountId, request.previewToken);
  if (!preview && !record.live)
    return { model: emptyModel(request, "inactive"), personal: false, protectedContent: false, ...cacheHints };

  const isProtected = property.passcodeEncrypted !== null;
  const unlocked =
    preview ||
    !isProtected ||
    request.stayKey === true ||
    isGuestUnlocked(ctx, property.propertyId, property.guideSessionToken, request.guestCookie);
  const languages = guideLanguages(property.defaultLanguage, property.languageTranslations);
  const language = chooseLanguage({
    languages,
    defaultLanguage: property.defaultLanguage,
    requested: request.lang,
    acceptLanguage: request.acceptLanguage,
  });
  // The labels are chosen once here; the components read them from the model, never from the copy directly.
  const labels = guideLabels(language);
  const base: GuidePageModel = {
    ...emptyModel(request, "not-found"),
    kind: unlocked ? "guide" : "gate",
    title: property.title,
    coverUrl: fileUrl(property.coverKey),
    theme: guideTheme(record),
    preview,
    previewToken: preview ? (request.previewToken ?? null) : null,
    noindex: preview || isProtected,
    language,
    labels,
    languages,
    gateError: unlocked ? null : (request.gateError ?? null),
    offline: !preview && unlocked,
    recordVisit: !preview,
    messaging: property.inboundMessagingActive,
  };
  const personal = preview || isProtected;
  if (!unlocked) return { model: base, personal, protectedContent: false, ...cacheHints };

  // A slow translation provider must not hold a guest's page: English for now; when the translation arrives
  // it is cached and the guide's pages purged, so the next request shows it (decision 059).
  const translating = {
    maxWaitMs: GUIDE_TRANSLATION_WAIT_MS,
    onLate: () => void purgeGuideCache(ctx, property.propertyId),
  };
  const [content, host, places] = await Promise.all([
    getTranslatedContent(ctx, property.id, language, translating),
    getGuideHost(ctx, property.managerId),
    getGuidePlaces(ctx, property.id, language, translating),
  ]);
  // Decision 023: suggested items the host has not written yet stay out of the guide.
  const shown = content.items.filter(shownToGuests);
  // Decision 042: restricted items reach a page masked, unless a stay's guide asked for them whole.
  const items = request.unmasked ? shown : applyRestrictions(shown, null);
  // GUIDE-15: a map only when some place has a pin (LOCAL-12), centred on the property when it has one.
  const located = places.some((g) => g.places.some((p) => p.lat !== null));
  const map: GuideMap | null = located
    ? {
        scriptUrl: LEAFLET_SCRIPT.url,
        styleUrl: LEAFLET_STYLE.url,
        tileUrl: ctx.config.mapTileUrl,
        attribution: ctx.config.mapAttribution,
        property: property.lat !== null && property.lng !== null ? { lat: property.lat, lng: property.lng } : null,
      }
    : null;
  return {
    model: {
      ...base,
      displayAddress: property.displayAddress,
      what3words: property.showWhat3words ? property.what3words : null,
      host,
      sections: buildSections(
        content.categories.map((c) => localCategory(c, labels)),
        items,
      ),
      // LOCAL-05's category titles in the page's language (the groups carry the catalogue's English).
      places: places.map((g) => ({
        ...g,
        title: (labels.places.categories as Record<string, string>)[g.label] ?? g.title,
      })),
      map,
      updatedAt: property.updatedAt,
      untranslated:
        items.some((i) => i.untranslatedFields.length > 0) || places.some((g) => g.places.some((p) => p.untranslated)),
    },
    personal,
    protectedContent: isProtected,
    ...cacheHints,
  };
}

/** How many addresses' worth of attempts one guide takes per window before it refuses everyone for a while. */
const UNLOCK_ADDRESSES_PER_PROPERTY = 10;

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks a guest's passcode (GUIDE-07, IMPL-03): rate-limited per IP and property; on success the guest
 * cookie bound to the current guide session token. Null when the guide has no passcode (nothing to unlock).
 */
export async function unlockGuide(ctx: AppContext, propertyId: string, passcode: string, ip: string) {
  const record = await getGuideProperty(ctx, propertyId);
  if (!record || !record.live) throw notFound("guide");
  const { property } = record;
  if (!property.passcodeEncrypted) return null;
  try {
    await ctx.rateLimiter.consume("guide-unlock", `${ip}:${property.propertyId}`, ctx.config.guide.unlock);
    // Many addresses guessing one guide: a cap per property too. A guest already unlocked is not affected.
    await ctx.rateLimiter.consume("guide-unlock-property", property.propertyId, {
      max: ctx.config.guide.unlock.max * UNLOCK_ADDRESSES_PER_PROPERTY,
      windowMs: ctx.config.guide.unlock.windowMs,
    });
  } catch (error) {
    const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 900;
    throw new AppError("PASSCODE_TOO_MANY", { retryAfterSeconds: seconds });
  }
  if (!sameCode(ctx.secrets.open(property.passcodeEncrypted), passcode)) throw new AppError("INVALID_PASSCODE");
  return sealGuestUnlock(ctx, property.propertyId, property.guideSessionToken);
}

/** A preview link for the owner (GUIDE-06, OPEN-57); another account's property answers 404. */
export async function createPreviewLink(ctx: AppContext, accountId: string, propertyId: string, guideBaseUrl: string) {
  const record = await getGuideProperty(ctx, propertyId);
  if (!record || record.property.accountId !== accountId) throw notFound("property");
  const { token, expiresAt } = sealPreviewToken(ctx, record.property.propertyId, accountId);
  return { url: `${guideBaseUrl}?preview=${encodeURIComponent(token)}`, expiresAt: expiresAt.toISOString() };
}

/** The web app manifest (IMPL-01): company brand name and home-screen icon, else the property's title and cover. */
export async function getGuideManifest(ctx: AppContext, propertyId: string, basePath: string) {
  const record = await getGuideProperty(ctx, propertyId);
  if (!record || !record.live) return null;
  const theme = guideTheme(record);
  const name = theme.brandName ?? record.property.title;
  const iconKey = theme.iconKey ?? record.property.coverKey;
  const icon = (size: number) => ({
    src: `/files/${iconKey}?icon=${size}`,
    sizes: `${size}x${size}`,
    type: "image/png",
    purpose: "any",
  });
  return {
    name: theme.brandName ? `${record.property.title} · ${theme.brandName}` : record.property.title,
    short_name: name.slice(0, 30),
    start_url: basePath,
    scope: basePath,
    display: "standalone",
    background_color: theme.background,
    theme_color: theme.primary,
    icons: iconKey ? [icon(192), icon(512)] : [],
  };
}
