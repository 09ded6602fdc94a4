import type { QueryClient } from "@tanstack/react-query";
import { configQueryKey, getConfig } from "./config.ts";
import { getMe, meQueryKey } from "./session.ts";

/**
 * Starts the queries every dashboard page waits for, before React renders: `/api/config` (the version check,
 * legal links) and, unless an auto-login token is about to be exchanged for a session, `/api/me`. The hooks
 * that read them (`useConfig`, `useMe`) then join these requests instead of starting their own.
 */
export function prefetchBoot(queryClient: QueryClient, { session }: { session: boolean }): void {
  void queryClient.prefetchQuery({ queryKey: configQueryKey, queryFn: getConfig, staleTime: Infinity });
  if (session) void queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: getMe });
}
