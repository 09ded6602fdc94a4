import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { clearSession, markLoggedOut } from "../../../lib/session.ts";

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
      queryClient.clear();
      clearSession(queryClient);
    },
  });
}
