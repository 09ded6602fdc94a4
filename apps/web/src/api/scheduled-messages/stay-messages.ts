import { ScheduledMessageResponse, StayMessagesResponse } from "@doorstep/shared/schemas/scheduled-messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";

/**
 * Under ["stays"], so a stay's edit or cancel (which invalidates every stays query) refreshes its timeline:
 * the messages move with it.
 */
export const stayMessagesKey = (stayId: string) => ["stays", "scheduled-messages", stayId] as const;

/** GET /api/stays/:stayId/scheduled-messages: the stay's timeline (decision 050). */
export function useStayMessages(stayId: string) {
  return useQuery({
    queryKey: stayMessagesKey(stayId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/stays/${encodeURIComponent(stayId)}/scheduled-messages`, {
        schema: StayMessagesResponse,
        signal,
      }),
  });
}

/** POST /api/scheduled-messages/:id/retry: a failed message sent again at once. */
export function useRetryStayMessage(stayId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      apiRequest(`/api/scheduled-messages/${encodeURIComponent(messageId)}/retry`, {
        method: "POST",
        schema: ScheduledMessageResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stayMessagesKey(stayId) }),
  });
}
