import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { markLoggedOut, meQueryKey, removeUserQueries } from "../../../lib/session.ts";

/** POST /api/auth/logout (AUTH-21). */
export function logout(): Promise<void> {
  return apiRequest("/api/auth/logout", { method: "POST" });
}

/** Logs out, then drops every cached query so nothing of the last user stays in memory (AUTH-21). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      markLoggedOut();
      // The session query becomes a known "logged out" (the mounted guards see it and redirect);
      // every other cached query and mutation of the last user is dropped.
      queryClient.setQueryData(meQueryKey, null);
      removeUserQueries(queryClient);
      queryClient.getMutationCache().clear();
    },
  });
}
