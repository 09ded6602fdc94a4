import { PlaceSearchResponse } from "@doorstep/shared/schemas/places";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api-client.ts";

/** GET /api/places/search (SETUP-07): address predictions for at least 2 characters. */
export function searchPlaces(q: string, signal?: AbortSignal): Promise<PlaceSearchResponse> {
  return apiRequest(`/api/places/search?${new URLSearchParams({ q }).toString()}`, {
    schema: PlaceSearchResponse,
    signal,
  });
}

export function usePlaceSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ["places", "search", query],
    queryFn: ({ signal }) => searchPlaces(query, signal),
    enabled: query.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
