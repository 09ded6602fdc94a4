import { fillStayDetails, type StayDetail } from "@doorstep/shared/rules/stay-details";
import type { GuideSection, TranslatedItem } from "./guide-model.ts";
import { wifiDetails } from "./wifi.ts";

/** A stay's details as its guide fills them in (already in the page's language and format). */
export type StayDetailValues = Partial<Record<StayDetail, string | null>>;

/**
 * Decision 042: a restricted item on a page without a stay in progress keeps its title and nothing else — its
 * text, details, media and sub-items are not in the page, its JSON or its offline copy at all. `restricted`
 * stays true, which the renderers read as "shown to booked guests during their stay".
 */
function masked(item: TranslatedItem): TranslatedItem {
  return {
    ...item,
    detailText: "",
    englishDetailText: "",
    describe: null,
    locate: null,
    operate: null,
    webLink: null,
    imageUrl: null,
    videoUrl: null,
    documentUrl: null,
    what3words: null,
    subItems: [],
    untranslatedFields: item.untranslatedFields.filter((f) => f === "title"),
  };
}

/** A stay in progress on its own guide: its details, and when it ends (ISO instant). */
export interface StayInProgress {
  values: StayDetailValues;
  until: string;
}

/**
 * During a stay, on its own guide: the item in full with the stay's details filled in, no longer held back, but
 * `held` until the stay ends, so the page marks it for its offline copy to drop then (decision 043).
 */
function filled(item: TranslatedItem, { values, until }: StayInProgress): TranslatedItem {
  const fill = (text: string | null) => (text === null ? null : fillStayDetails(text, values));
  return {
    ...item,
    restricted: false,
    held: until,
    detailText: fillStayDetails(item.detailText, values),
    englishDetailText: fillStayDetails(item.englishDetailText, values),
    describe: fill(item.describe),
    locate: fill(item.locate),
    operate: fill(item.operate),
  };
}

/** Where a masked Wi-Fi password stood in the text. */
export const PASSWORD_MASK = "••••••••";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Decision 046: the Wi-Fi item's password held back, the rest of the item shown. The password is read from the
 * item's "Password: …" line (English first, as the Wi-Fi card reads it) and every occurrence of it — raw or
 * HTML-escaped, as a whole word — is replaced in every text of the item and its sub-items, whatever language
 * the line is in. `passwordRestricted` stays true: the card shows no join code and no copy button.
 */
function passwordMasked(item: TranslatedItem): TranslatedItem {
  const password = (wifiDetails(item.englishDetailText) ?? wifiDetails(item.detailText))?.password;
  if (!password) return item;
  const forms = [...new Set([password, escapeHtml(password)])].map(escapeRegExp).join("|");
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms})(?![\\p{L}\\p{N}])`, "gu");
  const hide = <T extends string | null>(text: T): T =>
    text === null ? text : (text.replace(pattern, PASSWORD_MASK) as T);
  return {
    ...item,
    detailText: hide(item.detailText),
    englishDetailText: hide(item.englishDetailText),
    describe: hide(item.describe),
    locate: hide(item.locate),
    operate: hide(item.operate),
    subItems: item.subItems.map((sub) => ({
      ...sub,
      ...Object.fromEntries(
        Object.entries(sub).map(([key, value]) => [key, typeof value === "string" ? hide(value) : value]),
      ),
    })),
  };
}

/** Every restricted item masked, or, with a stay in progress, filled in; a restricted Wi-Fi password likewise. */
export function applyRestrictions(items: TranslatedItem[], stay: StayInProgress | null): TranslatedItem[] {
  return items.map((i) => {
    if (i.restricted) return stay ? filled({ ...i, passwordRestricted: false }, stay) : masked(i);
    if (!i.passwordRestricted) return i;
    // During the stay the password is shown, but held like a restricted item, so an offline copy drops it at the end.
    return stay ? { ...i, passwordRestricted: false, held: stay.until } : passwordMasked(i);
  });
}

/** The same through a page's sections (and their children): a stay's guide applies it per request. */
export function restrictSections(sections: GuideSection[], stay: StayInProgress | null): GuideSection[] {
  return sections.map((s) => ({
    ...s,
    items: applyRestrictions(s.items, stay),
    children: restrictSections(s.children, stay),
  }));
}
