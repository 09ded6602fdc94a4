import type { UpdateAffiliatePaymentDetailsRequest } from "@doorstep/shared/schemas/affiliates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { affiliateKeys } from "./keys.ts";

/** PATCH /api/affiliate/payment-details: 204, then the affiliate is re-fetched (AFF-14). */
export function updatePaymentDetails(body: UpdateAffiliatePaymentDetailsRequest): Promise<void> {
  return apiRequest("/api/affiliate/payment-details", { method: "PATCH", body });
}

export function useUpdatePaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliateKeys.profile() }),
  });
}
