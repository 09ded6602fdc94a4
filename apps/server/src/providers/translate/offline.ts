import type { TranslationProvider } from "./translation-provider.ts";

/** Offline default: the English text back, so guests read something (the caller marks it untranslated). */
export const offlineTranslator: TranslationProvider = {
  kind: "offline",
  configured: false,
  translate: async (texts) => texts,
};
