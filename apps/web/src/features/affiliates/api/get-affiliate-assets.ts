import { AffiliateAssetsResponse } from "@doorstep/shared/schemas/affiliates";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { affiliateKeys } from "./keys.ts";

/** GET /api/affiliate/assets (AFF-15). */
export function getAffiliateAssets(signal?: AbortSignal): Promise<AffiliateAssetsResponse> {
  return apiRequest("/api/affiliate/assets", { schema: AffiliateAssetsResponse, signal });
}

export function useAffiliateAssets() {
  return useQuery({ queryKey: affiliateKeys.assets(), queryFn: ({ signal }) => getAffiliateAssets(signal) });
}
