import { GUIDE_LABEL_LANGUAGES, guideLabels, type GuideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { stayPhase } from "@doorstep/shared/rules/stay-reveal";
import { storeLabels } from "@doorstep/shared/guide-i18n/store-labels";
import { stayHasOffers } from "../features/store/guest-store.service.ts";
import type { AppContext } from "../app-context.ts";
import {
  findStayByLinkToken,
  recordStayLinkOpen,
  windowOf,
  type StayByLink,
} from "../features/stays/stay-links.service.ts";
import type { Stay } from "../features/stays/stays.service.ts";
import type { GuidePageModel, GuideStay } from "./guide-model.ts";
import { restrictSections, type StayDetailValues } from "./guide-restricted.ts";
import { emptyModel, loadGuidePage, type GuidePage, type GuideRequest } from "./guide.service.ts";
import { chooseLanguage } from "./language.ts";

export interface StayGuideRequest {
  token: string;
  scriptUrl: string;
  lang?: string;
  acceptLanguage?: string;
  ip: string;
  /** False for the offline worker's own copy of a page the guest just opened (decision 043): not another opening. */
  countOpen?: boolean;
  /**
   * A cached page's revalidation in the background (decision 047), not a guest's opening: nothing is counted,
   * neither an opening nor a miss against the address (the guest who triggered it was counted already).
   */
  revalidating?: boolean;
}

/** `/s/{token}` as a path (the language links keep the guest on their own link). */
export const stayBasePath = (token: string) => `/s/${token}`;

function format(language: string, options: Intl.DateTimeFormatOptions, at: Date): string {
  try {
    return new Intl.DateTimeFormat(language, options).format(at);
  } catch {
    return new Intl.DateTimeFormat("en", options).format(at);
  }
}

/** A wall day and time ("2026-12-12", "15:00") as the language writes them: "Saturday 12 December 2026, 15:00". */
function wallDateTime(language: string, date: string, time: string): string {
  const at = new Date(`${date}T${time}:00Z`);
  return `${format(language, { dateStyle: "full", timeZone: "UTC" }, at)}, ${format(language, { timeStyle: "short", timeZone: "UTC" }, at)}`;
}

const phaseOf = ({ stay, settings }: StayByLink, now: Date) =>
  stayPhase({ ...stay, ...settings, releasedAt: stay.detailsReleasedAt }, now);

/** What the stay details in restricted items become on this stay's guide, in the page's language. */
export function detailValues(stay: Stay, language: string): StayDetailValues {
  const day = (date: string) => format(language, { dateStyle: "full", timeZone: "UTC" }, new Date(`${date}T00:00:00Z`));
  const time = (t: string) =>
    format(language, { timeStyle: "short", timeZone: "UTC" }, new Date(`2000-01-01T${t}:00Z`));
  return {
    guestFirstName: stay.guestFirstName,
    checkInDate: day(stay.checkInDate),
    checkInTime: time(stay.checkInTime),
    checkOutDate: day(stay.checkOutDate),
    checkOutTime: time(stay.checkOutTime),
    doorCode: stay.doorCode,
  };
}

/** The stay's part of its guide at `now`, in the page's language. */
export function stayPart(found: StayByLink, labels: GuideLabels, language: string, now: Date): GuideStay {
  const { stay, settings } = found;
  const phase = phaseOf(found, now);
  const { revealAt, endAt } = windowOf(stay, settings);
  return {
    welcome: labels.stay.welcome(stay.guestFirstName),
    checkIn: wallDateTime(language, stay.checkInDate, stay.checkInTime),
    checkOut: wallDateTime(language, stay.checkOutDate, stay.checkOutTime),
    phase,
    revealOn: phase === "before" ? format(language, { dateStyle: "full", timeZone: stay.timeZone }, revealAt) : null,
    doorCode: phase === "during" ? stay.doorCode : null,
    until: phase === "during" ? endAt.toISOString() : null,
  };
}

/** The "no longer active" page of a cancelled stay's link: its guest's language, nothing of the stay. */
function inactiveLink(base: GuidePageModel, stay: Stay | null, request: StayGuideRequest): GuidePageModel {
  const language = chooseLanguage({
    languages: GUIDE_LABEL_LANGUAGES,
    defaultLanguage: stay && GUIDE_LABEL_LANGUAGES.includes(stay.guestLanguage) ? stay.guestLanguage : "en",
    requested: request.lang,
    acceptLanguage: stay ? undefined : request.acceptLanguage,
  });
  const labels = guideLabels(language);
  return {
    ...base,
    language,
    labels: {
      ...labels,
      guide: { ...labels.guide, inactive: labels.stay.inactive, inactiveHint: labels.stay.inactiveHint },
    },
  };
}

export type StayGuidePage = GuidePage & { found: StayByLink | null };

/** How a stay's guide gets the property's guide page (with its restricted items whole): the routes cache it. */
export type GuideLoader = (request: GuideRequest) => Promise<GuidePage>;

/**
 * What a guest's own link shows (decision 042): nothing for an unknown token (404, and the miss counted against
 * the address: a burst is refused with RATE_LIMITED), "This link is no longer active." for a cancelled stay,
 * else the property's guide in the stay's language — the passcode does not apply — with the stay's welcome,
 * dates and where it stands on the property's clock. Never shared, never stored.
 */
export async function loadStayGuidePage(
  ctx: AppContext,
  request: StayGuideRequest,
  load: GuideLoader = (r) => loadGuidePage(ctx, r),
): Promise<StayGuidePage> {
  const found = await findStayByLinkToken(ctx, request.token);
  if (!found && !request.revalidating) {
    await ctx.rateLimiter.consume("stay-link-miss", request.ip, ctx.config.guide.stayLinkMisses);
  }
  const empty = (kind: "not-found" | "inactive") =>
    emptyModel(
      {
        propertyId: "",
        basePath: "/g",
        scriptUrl: request.scriptUrl,
        lang: request.lang,
        acceptLanguage: request.acceptLanguage,
      },
      kind,
    );
  if (!found) return { model: empty("not-found"), personal: true, protectedContent: false, found };
  if (found.stay.status === "cancelled")
    return {
      model: inactiveLink(empty("inactive"), found.stay, request),
      personal: true,
      protectedContent: false,
      found,
    };
  const guide = await load({
    propertyId: found.stay.propertyId,
    basePath: `/g/${found.stay.propertyId}`,
    scriptUrl: request.scriptUrl,
    lang: request.lang ?? found.stay.guestLanguage,
    stayKey: true,
    unmasked: true,
  });
  if (guide.model.kind !== "guide") return { ...guide, personal: true, found };
  if (!request.revalidating && request.countOpen !== false) await recordStayLinkOpen(ctx, found.stay.id);
  const stay = stayPart(found, guide.model.labels, guide.model.language, ctx.now());
  const model: GuidePageModel = {
    ...guide.model,
    noindex: true,
    // Kept for offline reading by the link's own worker (decision 043), and reported as a visit of its own source,
    // "stay-link" (decision 045): the page's script says so from its address; the report carries no token.
    offline: true,
    recordVisit: true,
    languageBase: stayBasePath(request.token),
    // The property's model is shared by every stay (and cached): this stay's details go in here, per request.
    sections: restrictSections(
      guide.model.sections,
      stay.until ? { values: detailValues(found.stay, guide.model.language), until: stay.until } : null,
    ),
    stay: {
      ...stay,
      extras: (await stayHasOffers(ctx, found.stay))
        ? {
            href: `${stayBasePath(request.token)}/extras?lang=${encodeURIComponent(guide.model.language)}`,
            title: storeLabels(guide.model.language).tile,
          }
        : null,
    },
  };
  return { model, personal: true, protectedContent: true, found };
}
