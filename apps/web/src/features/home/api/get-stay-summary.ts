import type { StaySummaryResponse } from "@doorstep/shared/schemas/stays";
import { useQuery } from "@tanstack/react-query";
import { apiRequestTrusted } from "../../../lib/api-client.ts";

/** GET /api/stays/summary: the home tile's counts; trusted, as the home loads no zod (decision 017). */
export function getStaySummary(signal?: AbortSignal): Promise<StaySummaryResponse> {
  return apiRequestTrusted<StaySummaryResponse>("/api/stays/summary", { signal });
}

/**
 * Under stayKeys.all (src/api/stays/keys.ts), so adding or cancelling a stay refreshes the tile's count;
 * written out because importing that module put a chunk of its own in the first view (decision 017).
 */
export const STAY_SUMMARY_KEY = ["stays", "summary"] as const;

export function useStaySummary() {
  return useQuery({ queryKey: STAY_SUMMARY_KEY, queryFn: ({ signal }) => getStaySummary(signal) });
}
