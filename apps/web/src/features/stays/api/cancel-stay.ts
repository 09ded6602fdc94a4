import { StayResponse } from "@doorstep/shared/schemas/stays";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/stays/:stayId/cancel: the stay stays, as cancelled (a second cancel answers it unchanged). */
export async function cancelStay(stayId: string) {
  return (await apiRequest(`/api/stays/${encodeURIComponent(stayId)}/cancel`, { method: "POST", schema: StayResponse }))
    .stay;
}

export function useCancelStay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStay,
    onSuccess: async (stay) => {
      queryClient.setQueryData(stayKeys.detail(stay.id), stay);
      await queryClient.invalidateQueries({ queryKey: stayKeys.all });
    },
  });
}
