import { PlaceSearchResponse } from "@doorstep/shared/schemas/places";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api-client.ts";

/** What a search looks for (server: PlaceSearchKind): addresses (SETUP-07), towns (LOCAL-17), places (LOCAL-07). */
export type PlaceSearchKind = "address" | "region" | "establishment";

export interface PlaceSearchOptions {
  kind?: PlaceSearchKind;
  /** Biases the suggestions to around this point (±0.05° for places, XCUT-53). */
  near?: { lat: number; lng: number } | null;
}

/** GET /api/places/search: predictions for at least 2 characters. */
export function searchPlaces(
  q: string,
  { kind = "address", near }: PlaceSearchOptions = {},
  signal?: AbortSignal,
): Promise<PlaceSearchResponse> {
  const params = new URLSearchParams({ q });
  if (kind !== "address") params.set("kind", kind);
  if (near) {
    params.set("lat", String(near.lat));
    params.set("lng", String(near.lng));
  }
  return apiRequest(`/api/places/search?${params.toString()}`, { schema: PlaceSearchResponse, signal });
}

export function usePlaceSearch(q: string, options: PlaceSearchOptions = {}) {
  const query = q.trim();
  const { kind = "address", near = null } = options;
  return useQuery({
    queryKey: ["places", "search", kind, near?.lat ?? null, near?.lng ?? null, query],
    queryFn: ({ signal }) => searchPlaces(query, { kind, near }, signal),
    enabled: query.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
