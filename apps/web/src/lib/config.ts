import type { PublicConfig } from "@doorstep/shared/schemas/config";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequestTrusted } from "./api-client.ts";

export const configQueryKey = ["config"] as const;

/** GET /api/config: public settings (trial length, legal links) and the deployed client version. */
export function getConfig(): Promise<PublicConfig> {
  return apiRequestTrusted<PublicConfig>("/api/config");
}

/** The settings query, as `useConfig` reads it and `prefetchBoot` starts it. */
export const configQuery = queryOptions({ queryKey: configQueryKey, queryFn: getConfig, staleTime: Infinity });

export function useConfig() {
  return useQuery(configQuery);
}
