import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiRequest } from "../../../lib/api-client.ts";
import { markLoggedOut, meQueryKey, removeUserQueries } from "../../../lib/session.ts";

/** POST /api/auth/logout (AUTH-21). */
export function logout(): Promise<void> {
  return apiRequest("/api/auth/logout", { method: "POST" });
}

/**
 * Logs out, then drops every cached query so nothing of the last user stays in memory (AUTH-21). A plain
 * promise, not a useMutation: the header is the first view's only mutation, and without it TanStack's
 * mutation observer stays out of the first view's JavaScript (docs/architecture.md §9).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const mutate = () => {
    setPending(true);
    logout()
      .catch(() => {
        // Logged out here whatever the server answered: the session cookie is the server's to expire.
      })
      .finally(() => {
        setPending(false);
        markLoggedOut();
        // The session query becomes a known "logged out" (the mounted guards see it and redirect);
        // every other cached query and mutation of the last user is dropped.
        queryClient.setQueryData(meQueryKey, null);
        removeUserQueries(queryClient);
        queryClient.getMutationCache().clear();
      });
  };
  return { mutate, isPending };
}
