import {
  MessagePreviewResponse,
  MessageRuleListResponse,
  MessageRuleResponse,
  type MessagePreviewRequest,
  type MessageRuleInput,
} from "@doorstep/shared/schemas/scheduled-messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

const rulesKey = ["scheduled-messages", "rules"] as const;

/** GET /api/message-rules: the rules (four suggestions on the first read), languages, properties, SMS. */
export function useMessageRules() {
  return useQuery({
    queryKey: rulesKey,
    queryFn: ({ signal }) => apiRequest("/api/message-rules", { schema: MessageRuleListResponse, signal }),
    // While a saved rule's messages are being scheduled in the background, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.scheduling) ? 3000 : false),
  });
}

/** POST a new rule, or PUT an existing one; every stay's timeline may move, so stays refresh too. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: MessageRuleInput }) =>
      (
        await apiRequest(id ? `/api/message-rules/${encodeURIComponent(id)}` : "/api/message-rules", {
          method: id ? "PUT" : "POST",
          body,
          schema: MessageRuleResponse,
        })
      ).rule,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rulesKey });
      await queryClient.invalidateQueries({ queryKey: ["stays"] });
    },
  });
}

/** DELETE a rule (its unsent messages go with it). */
export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/message-rules/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: rulesKey });
      await queryClient.invalidateQueries({ queryKey: ["stays"] });
    },
  });
}

/** POST /api/message-rules/preview: the message for a sample stay, per language. */
export function previewMessage(body: MessagePreviewRequest) {
  return apiRequest("/api/message-rules/preview", { method: "POST", body, schema: MessagePreviewResponse });
}
