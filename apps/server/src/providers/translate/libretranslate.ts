import type { TranslationProvider } from "./translation-provider.ts";

const LIBRE_TARGETS: Record<string, string> = { "zh-CN": "zh", "zh-TW": "zt" };

/** A LibreTranslate server (self-hosted or libretranslate.com with a key). */
export function createLibreTranslate(options: { baseUrl: string; apiKey?: string }): TranslationProvider {
  return {
    kind: "libretranslate",
    configured: true,
    async translate(texts, target, format) {
      if (texts.length === 0) return [];
      const res = await fetch(new URL("/translate", options.baseUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          q: texts,
          source: "en",
          target: LIBRE_TARGETS[target] ?? target,
          format,
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`LibreTranslate answered ${res.status}`);
      const body = (await res.json()) as { translatedText?: string[] | string };
      const out = Array.isArray(body.translatedText) ? body.translatedText : null;
      if (!out || out.length !== texts.length) throw new Error("LibreTranslate answered an unexpected body");
      return out;
    },
  };
}
