import { AffiliateStatsResponse } from "@doorstep/shared/schemas/affiliates";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { affiliateKeys } from "./keys.ts";

/** GET /api/affiliate/stats (AFF-12, OPEN-26): the caller's totals and referred customers. */
export function getAffiliateStats(signal?: AbortSignal): Promise<AffiliateStatsResponse> {
  return apiRequest("/api/affiliate/stats", { schema: AffiliateStatsResponse, signal });
}

export function useAffiliateStats() {
  return useQuery({ queryKey: affiliateKeys.stats(), queryFn: ({ signal }) => getAffiliateStats(signal) });
}
