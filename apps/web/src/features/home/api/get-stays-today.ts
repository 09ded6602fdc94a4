import type { StayTodayResponse } from "@doorstep/shared/schemas/stays";
import { useQuery } from "@tanstack/react-query";
import { apiRequestTrusted } from "../../../lib/api-client.ts";

/** GET /api/stays/today: the Today panel's arrivals and departures; trusted, as the home loads no zod (decision 017). */
export function getStaysToday(signal?: AbortSignal): Promise<StayTodayResponse> {
  return apiRequestTrusted<StayTodayResponse>("/api/stays/today", { signal });
}

/** Under stayKeys.all, like the stays tile, so a stay added or cancelled refreshes the panel. */
export const STAYS_TODAY_KEY = ["stays", "today"] as const;

export function useStaysToday() {
  return useQuery({ queryKey: STAYS_TODAY_KEY, queryFn: ({ signal }) => getStaysToday(signal) });
}
