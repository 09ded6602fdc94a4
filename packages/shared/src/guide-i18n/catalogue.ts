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
};

/** The languages with their own labels (the rest show English labels). */
export const GUIDE_LABEL_LANGUAGES = Object.keys(GUIDE_LABELS);

/** The catalogue entry for a language code: exact ("fr"), else its primary subtag ("zh-CN" → zh). */
function entryFor(language: string): string | null {
  const lower = language.toLowerCase();
  if (Object.hasOwn(GUIDE_LABELS, lower)) return lower;
  const primary = lower.split("-")[0]!;
  return Object.hasOwn(GUIDE_LABELS, primary) ? primary : null;
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
