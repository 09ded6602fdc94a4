import { ApiKeyResponse } from "@doorstep/shared/schemas/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { apiKeyKeys } from "./keys.ts";

/** POST /api/api-keys/:apiKeyId/revoke: the key stops working at once. */
export function revokeApiKey(apiKeyId: string): Promise<ApiKeyResponse> {
  return apiRequest(`/api/api-keys/${encodeURIComponent(apiKeyId)}/revoke`, {
    method: "POST",
    body: {},
    schema: ApiKeyResponse,
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
