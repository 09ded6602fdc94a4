import { copy } from "../copy.ts";
import { STORE_TRANSLATIONS } from "./store-translations.ts";

/** A label as any language writes it: the catalogue's English types, widened from its literal strings. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { [K in keyof T]: Widen<T[K]> };

/** The guest store's labels on a stay link (decision 053): English from the catalogue, and every guide language. */
export type StoreLabels = Widen<typeof copy.guestStore>;

/** The languages the store's labels are written in besides English (the guide's label languages). */
export const STORE_LABEL_LANGUAGES = Object.keys(STORE_TRANSLATIONS);

/**
 * The store's labels for a guide language: the longest prefix the table has ("zh-Hant-HK" → zh-hant, "fr-CA" →
 * fr), as the guide's catalogue does; English for a language the guide has no labels in.
 */
export function storeLabels(language: string): StoreLabels {
  const parts = language.toLowerCase().split("-");
  for (let n = parts.length; n > 0; n--) {
    const found = STORE_TRANSLATIONS[parts.slice(0, n).join("-")];
    if (found) return found;
  }
  return copy.guestStore;
}
