import type { TranslationProvider } from "./translation-provider.ts";

/** DeepL's target codes for our language codes; anything else is upper-cased. */
const DEEPL_TARGETS: Record<string, string> = {
  "zh-CN": "ZH-HANS",
  "zh-TW": "ZH-HANT",
  pt: "PT-PT",
  no: "NB",
  en: "EN-GB",
};

/** DeepL's v2 translate API (api-free.deepl.com for free keys, api.deepl.com for paid ones). */
export function createDeepL(options: { apiKey: string; baseUrl?: string }): TranslationProvider {
  const baseUrl =
    options.baseUrl ?? (options.apiKey.endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com");
  return {
    kind: "deepl",
    configured: true,
    async translate(texts, target, format) {
      if (texts.length === 0) return [];
      const res = await fetch(new URL("/v2/translate", baseUrl), {
        method: "POST",
        headers: { authorization: `DeepL-Auth-Key ${options.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          text: texts,
          source_lang: "EN",
          target_lang: DEEPL_TARGETS[target] ?? target.toUpperCase(),
          ...(format === "html" ? { tag_handling: "html" } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`DeepL answered ${res.status}`);
      const body = (await res.json()) as { translations?: { text: string }[] };
      if (!body.translations || body.translations.length !== texts.length)
        throw new Error("DeepL answered an unexpected body");
      return body.translations.map((t) => t.text);
    },
  };
}
