import { ApiKeyListResponse } from "@doorstep/shared/schemas/api-keys";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { apiKeyKeys } from "./keys.ts";

/** GET /api/api-keys: the account's keys, newest first, revoked ones included. */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeyListResponse> {
  return apiRequest("/api/api-keys", { schema: ApiKeyListResponse, signal });
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => getApiKeys(signal) });
}
