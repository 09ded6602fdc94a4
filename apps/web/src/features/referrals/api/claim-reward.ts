import { ClaimRewardResponse } from "@doorstep/shared/schemas/referrals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { referralKeys } from "./keys.ts";

/** POST /api/referrals/rewards/:rewardId/claim: a voucher by email for the claimable instalments (REF-18). */
export function claimReward(rewardId: string): Promise<ClaimRewardResponse> {
  return apiRequest(`/api/referrals/rewards/${encodeURIComponent(rewardId)}/claim`, {
    method: "POST",
    schema: ClaimRewardResponse,
  });
}

export function useClaimReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}
