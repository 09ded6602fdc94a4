import { createWhat3wordsApi } from "./what3words-api.ts";
import type { What3wordsProvider } from "./what3words-provider.ts";

/** Without a key the service is not configured: every call answers null. */
const unconfigured = (): What3wordsProvider => ({
  configured: false,
  toCoordinates: async () => null,
  toWords: async () => null,
});

/** Picks the provider from config: the real API behind W3W_API_KEY, else the unconfigured one. */
export function createWhat3words(options: { apiKey?: string; baseUrl?: string }): What3wordsProvider {
  const { apiKey, baseUrl = "https://api.what3words.com" } = options;
  return apiKey ? createWhat3wordsApi({ apiKey, baseUrl }) : unconfigured();
}
