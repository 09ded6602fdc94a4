import { PartnerPageResponse } from "@doorstep/shared/schemas/affiliates";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { affiliateKeys } from "./keys.ts";

/** GET /api/partners/:label (AFF-06, AFF-09): public; 404 for an unknown label. */
export function getPartnerPage(label: string, signal?: AbortSignal): Promise<PartnerPageResponse> {
  return apiRequest(`/api/partners/${encodeURIComponent(label)}`, { schema: PartnerPageResponse, signal });
}

export function usePartnerPage(label: string) {
  return useQuery({
    queryKey: affiliateKeys.partner(label),
    queryFn: ({ signal }) => getPartnerPage(label, signal),
    retry: false,
  });
}
