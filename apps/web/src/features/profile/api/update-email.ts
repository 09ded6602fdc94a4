import type { UpdateEmailRequest } from "@doorstep/shared/schemas/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";

/** PUT /api/me/email (AUTH-46). */
export function updateEmail(body: UpdateEmailRequest): Promise<void> {
  return apiRequest("/api/me/email", { method: "PUT", body });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
