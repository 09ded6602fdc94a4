import { AffiliateProfileResponse } from "@doorstep/shared/schemas/affiliates";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { affiliateKeys } from "./keys.ts";

/** GET /api/affiliate (AFF-10, AFF-14): the caller's partner link and payment details. */
export function getAffiliate(signal?: AbortSignal): Promise<AffiliateProfileResponse> {
  return apiRequest("/api/affiliate", { schema: AffiliateProfileResponse, signal });
}

export function useAffiliate() {
  return useQuery({ queryKey: affiliateKeys.profile(), queryFn: ({ signal }) => getAffiliate(signal) });
}
