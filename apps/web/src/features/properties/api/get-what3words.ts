import { WordsResponse } from "@doorstep/shared/schemas/places";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/what3words: words → place (SETUP-14, SETUP-15); 404 WORDS_NOT_FOUND, 503 NOT_CONFIGURED. */
export function getWhat3words(words: string): Promise<WordsResponse> {
  return apiRequest(`/api/what3words?${new URLSearchParams({ words }).toString()}`, { schema: WordsResponse });
}
