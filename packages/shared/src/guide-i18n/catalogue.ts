import { ar } from "./ar.ts";
import { cs } from "./cs.ts";
import { da } from "./da.ts";
import { de } from "./de.ts";
import { el } from "./el.ts";
import { englishGuideLabels, type GuideLabels } from "./english.ts";
import { es } from "./es.ts";
import { fi } from "./fi.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { ja } from "./ja.ts";
import { ko } from "./ko.ts";
import { nb } from "./nb.ts";
import { nl } from "./nl.ts";
import { pl } from "./pl.ts";
import { pt } from "./pt.ts";
import { ru } from "./ru.ts";
import { sv } from "./sv.ts";
import { tr } from "./tr.ts";
import { uk } from "./uk.ts";
import { zh } from "./zh.ts";
import { zhTW } from "./zh-tw.ts";

export type { GuideLabels };

/**
 * The guide's labels by language (primary subtag). To add a language: a file typed `GuideLabels` beside
 * these, one line here; the completeness test then covers it.
 */
export const GUIDE_LABELS: Readonly<Record<string, GuideLabels>> = {
  en: englishGuideLabels,
  ar,
  cs,
  da,
  de,
  el,
  es,
  fi,
  fr,
  it,
  ja,
  ko,
  nb,
  // The product's code for Norwegian is "no" (Bokmål is what guests read).
  no: nb,
  nl,
  pl,
  pt,
  ru,
  sv,
  tr,
  uk,
  zh,
  // Traditional script: Taiwan, and Hong Kong, whose guests would otherwise read Simplified.
  "zh-tw": zhTW,
  "zh-hk": zhTW,
  "zh-hant": zhTW,
};

/** The languages with their own labels (the rest show English labels). */
export const GUIDE_LABEL_LANGUAGES = Object.keys(GUIDE_LABELS);

/** The catalogue entry for a language tag: the longest prefix it has ("zh-Hant-HK" → zh-hant, "fr-CA" → fr). */
function entryFor(language: string): string | null {
  const parts = language.toLowerCase().split("-");
  for (let n = parts.length; n > 0; n--) {
    const tag = parts.slice(0, n).join("-");
    if (Object.hasOwn(GUIDE_LABELS, tag)) return tag;
  }
  return null;
}

/** The labels a guide page in `language` shows; English where the language has none yet. */
export function guideLabels(language: string): GuideLabels {
  const entry = entryFor(language);
  return entry ? GUIDE_LABELS[entry]! : englishGuideLabels;
}

/** True when the labels shown for `language` are its own (not the English fallback). */
export function hasGuideLabels(language: string): boolean {
  return entryFor(language) !== null;
}

const RTL = new Set(["ar", "he", "fa", "ur", "ps", "sd", "ug", "yi"]);

/** The text direction of a language (right-to-left for Arabic, Hebrew, Persian, Urdu…). */
export function textDirection(language: string): "ltr" | "rtl" {
  return RTL.has(language.toLowerCase().split("-")[0]!) ? "rtl" : "ltr";
}
