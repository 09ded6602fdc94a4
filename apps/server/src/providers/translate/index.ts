import { createDeepL } from "./deepl.ts";
import { createLibreTranslate } from "./libretranslate.ts";
import { offlineTranslator } from "./offline.ts";
import type { TranslationProvider } from "./translation-provider.ts";

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
