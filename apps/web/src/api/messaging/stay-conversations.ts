import { ConversationListResponse } from "@doorstep/shared/schemas/messaging";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";
import { messagingKeys } from "./keys.ts";

/** GET /api/conversations?stayId: the stay's conversation (decision 050), for the stay's page. */
export function useStayConversations(stayId: string) {
  return useQuery({
    queryKey: [...messagingKeys.lists(), "stay", stayId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/conversations?stayId=${encodeURIComponent(stayId)}`, {
        schema: ConversationListResponse,
        signal,
      }),
  });
}
