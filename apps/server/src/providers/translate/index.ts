import { createDeepL } from "./deepl.ts";
import { createLibreTranslate } from "./libretranslate.ts";

export type TextFormat = "text" | "html";

/** Machine translation of guide content (IMPL-10, OPEN-44); English is always the source. */
export interface TranslationProvider {
  readonly kind: "offline" | "deepl" | "libretranslate";
  /** False for the offline default: its results are the English text, marked untranslated. */
  readonly configured: boolean;
  /** Translates each text into `target`; the result has the same length and order. Throws on failure. */
  translate(texts: string[], target: string, format: TextFormat): Promise<string[]>;
}

/** Offline default: the English text back, so guests read something (the caller marks it untranslated). */
export const offlineTranslator: TranslationProvider = {
  kind: "offline",
  configured: false,
  translate: async (texts) => texts,
};

export interface TranslateOptions {
  provider: "off" | "deepl" | "libretranslate";
  url?: string;
  apiKey?: string;
}

/** Chooses the provider from TRANSLATE_PROVIDER / TRANSLATE_URL / TRANSLATE_API_KEY. */
export function createTranslationProvider(options: TranslateOptions): TranslationProvider {
  if (options.provider === "deepl" && options.apiKey)
    return createDeepL({ apiKey: options.apiKey, baseUrl: options.url });
  if (options.provider === "libretranslate" && options.url)
    return createLibreTranslate({ baseUrl: options.url, apiKey: options.apiKey });
  return offlineTranslator;
}
