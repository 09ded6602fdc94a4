import type { PublicConfig } from "@doorstep/shared/schemas/config";
import { useQuery } from "@tanstack/react-query";
import { apiRequestTrusted } from "./api-client.ts";

export const configQueryKey = ["config"] as const;

/** GET /api/config: public settings (trial length, legal links) and the deployed client version. */
export function getConfig(): Promise<PublicConfig> {
  return apiRequestTrusted<PublicConfig>("/api/config");
}

export function useConfig() {
  return useQuery({ queryKey: configQueryKey, queryFn: getConfig, staleTime: Infinity });
}
