import { fillStayDetails, type StayDetail } from "@doorstep/shared/rules/stay-details";
import type { GuideSection, TranslatedItem } from "./guide-model.ts";

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

/** Every restricted item masked, or, with a stay in progress, filled in. */
export function applyRestrictions(items: TranslatedItem[], stay: StayInProgress | null): TranslatedItem[] {
  return items.map((i) => (!i.restricted ? i : stay ? filled(i, stay) : masked(i)));
}

/** The same through a page's sections (and their children): a stay's guide applies it per request. */
export function restrictSections(sections: GuideSection[], stay: StayInProgress | null): GuideSection[] {
  return sections.map((s) => ({
    ...s,
    items: applyRestrictions(s.items, stay),
    children: restrictSections(s.children, stay),
  }));
}
