import { DEFAULT_LANGUAGE } from "@doorstep/shared/constants";
import { languageName } from "@doorstep/shared/languages";

/** The guide's languages (GUIDE-08): the default first, then English, then the translations, once each. */
export function guideLanguages(defaultLanguage: string, translations: readonly string[]): string[] {
  return [...new Set([defaultLanguage, DEFAULT_LANGUAGE, ...translations])];
}

/** Accept-Language as tags ordered by preference (q), highest first. */
function preferredTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: (tag ?? "").trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((t) => t.tag && t.tag !== "*" && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * The language a guide opens in (GUIDE-08/09): an explicit ?lang among the guide's languages, else the
 * browser's best Accept-Language match (exact tag such as zh-TW, else its primary subtag), else the
 * property's default language.
 */
export function chooseLanguage(options: {
  languages: string[];
  defaultLanguage: string;
  requested?: string;
  acceptLanguage?: string;
}): string {
  const { languages } = options;
  const byLower = new Map(languages.map((l) => [l.toLowerCase(), l]));
  if (options.requested && byLower.has(options.requested.toLowerCase()))
    return byLower.get(options.requested.toLowerCase())!;
  for (const tag of preferredTags(options.acceptLanguage)) {
    const exact = byLower.get(tag.toLowerCase());
    if (exact) return exact;
    const primary = byLower.get(tag.split("-")[0]!.toLowerCase());
    if (primary) return primary;
  }
  return options.defaultLanguage;
}

/**
 * A language's name in that language ("Español", "Français", "日本語") for the guide's language switcher
 * (Node has full ICU); the English name where ICU has none. Chinese by script, as guests know it.
 */
export function nativeLanguageName(code: string): string {
  const tag = code === "zh-CN" ? "zh-Hans" : code === "zh-TW" ? "zh-Hant" : code;
  try {
    const name = new Intl.DisplayNames([tag], { type: "language", fallback: "none" }).of(tag);
    if (name && name.toLowerCase() !== tag.toLowerCase()) return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    // An invalid tag: fall through to the English name.
  }
  return languageName(code);
}
