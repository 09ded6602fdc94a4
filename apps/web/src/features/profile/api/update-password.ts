import type { UpdatePasswordRequest } from "@doorstep/shared/schemas/user";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** PUT /api/me/password (AUTH-47): verifies the current password and applies the policy. */
export function updatePassword(body: UpdatePasswordRequest): Promise<void> {
  return apiRequest("/api/me/password", { method: "PUT", body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
