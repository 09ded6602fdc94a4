import { SharedContentResponse } from "@doorstep/shared/schemas/content";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";

/** POST /api/shared-content: the account's shared-content property, created on first use (OPEN-59). */
export function useCreateSharedContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("/api/shared-content", { method: "POST", schema: SharedContentResponse }),
    // The user now has a sharedContentPropertyId (the home tile, SHARED-02).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
