import { PublicConfig } from "@doorstep/shared/schemas/config";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client.ts";

export const configQueryKey = ["config"] as const;

/** GET /api/config: public settings (trial length, legal links) and the deployed client version. */
export function getConfig(): Promise<PublicConfig> {
  return apiRequest("/api/config", { schema: PublicConfig });
}

export function useConfig() {
  return useQuery({ queryKey: configQueryKey, queryFn: getConfig, staleTime: Infinity });
}
