import type { QueryClient } from "@tanstack/react-query";
import { configQuery } from "./config.ts";
import { meQuery } from "./session.ts";

/**
 * Starts the queries every dashboard page waits for, before React renders: `/api/config` (the version check,
 * legal links) and, unless an auto-login token is about to be exchanged for a session, `/api/me`. The hooks
 * that read them (`useConfig`, `useMe`) then join these requests instead of starting their own.
 */
export function prefetchBoot(queryClient: QueryClient, { session }: { session: boolean }): void {
  void queryClient.prefetchQuery(configQuery);
  if (session) void queryClient.prefetchQuery(meQuery);
}
