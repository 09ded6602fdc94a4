/** The three-word address service (SETUP-14/15), reached only from the server with its key. */
export interface What3wordsProvider {
  readonly configured: boolean;
  /** Words → coordinates, or null when the words are unknown. */
  toCoordinates(
    words: string,
  ): Promise<{ words: string; nearestPlace: string | null; country: string | null; lat: number; lng: number } | null>;
  /** Coordinates → words and the service's nearest place (OPEN-60's source for a manual address), or null. */
  toWords(lat: number, lng: number): Promise<{ words: string; nearestPlace: string | null } | null>;
}

/** The real API behind W3W_API_KEY; without a key every call reports that the service is not configured. */
export function createWhat3words(options: { apiKey?: string; baseUrl?: string }): What3wordsProvider {
  const { apiKey, baseUrl = "https://api.what3words.com" } = options;
  if (!apiKey) {
    return { configured: false, toCoordinates: async () => null, toWords: async () => null };
  }
  async function call(path: string, params: Record<string, string>) {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries({ ...params, key: apiKey! })) url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as {
      words?: string;
      nearestPlace?: string;
      country?: string;
      coordinates?: { lat: number; lng: number };
      error?: { code: string; message: string };
    };
    return { ok: res.ok && !body.error, body };
  }
  return {
    configured: true,
    async toCoordinates(words) {
      const { ok, body } = await call("/v3/convert-to-coordinates", { words: words.replace(/^\/+/, "") });
      if (!ok || !body.coordinates || !body.words) return null;
      return {
        words: body.words,
        nearestPlace: body.nearestPlace ?? null,
        country: body.country ?? null,
        ...body.coordinates,
      };
    },
    async toWords(lat, lng) {
      const { ok, body } = await call("/v3/convert-to-3wa", { coordinates: `${lat},${lng}` });
      return ok && body.words ? { words: body.words, nearestPlace: body.nearestPlace || null } : null;
    },
  };
}
