export type TextFormat = "text" | "html";

/** Machine translation of guide content (IMPL-10, OPEN-44); English is always the source. */
export interface TranslationProvider {
  readonly kind: "offline" | "deepl" | "libretranslate";
  /** False for the offline default: its results are the English text, marked untranslated. */
  readonly configured: boolean;
  /** Translates each text into `target`; the result has the same length and order. Throws on failure. */
  translate(texts: string[], target: string, format: TextFormat): Promise<string[]>;
}
