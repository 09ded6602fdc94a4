import { StayResponse, type UpdateStayInput } from "@doorstep/shared/schemas/stays";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

/** PATCH /api/stays/:stayId with the fields that changed. */
export async function updateStay({ stayId, body }: { stayId: string; body: UpdateStayInput }) {
  return (await apiRequest(`/api/stays/${encodeURIComponent(stayId)}`, { method: "PATCH", body, schema: StayResponse }))
    .stay;
}

export function useUpdateStay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStay,
    onSuccess: async (stay) => {
      queryClient.setQueryData(stayKeys.detail(stay.id), stay);
      // Moved dates change lists, calendars and other stays' double-booking flags.
      await queryClient.invalidateQueries({ queryKey: stayKeys.all });
    },
  });
}
