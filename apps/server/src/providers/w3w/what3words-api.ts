import type { What3wordsProvider } from "./what3words-provider.ts";

/** The real what3words v3 API, called with our key (it never reaches the browser). */
export function createWhat3wordsApi({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }): What3wordsProvider {
  async function call(path: string, params: Record<string, string>) {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries({ ...params, key: apiKey })) url.searchParams.set(k, v);
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
