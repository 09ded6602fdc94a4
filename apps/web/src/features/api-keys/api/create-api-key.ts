import { CreateApiKeyResponse, type CreateApiKeyRequest } from "@doorstep/shared/schemas/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { apiKeyKeys } from "./keys.ts";

/** POST /api/api-keys: the whole key comes back this once. */
export function createApiKey(body: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  return apiRequest("/api/api-keys", { method: "POST", body, schema: CreateApiKeyResponse });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
