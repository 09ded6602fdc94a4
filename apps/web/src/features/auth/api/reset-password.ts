import type { ResetPasswordRequest } from "@doorstep/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/auth/reset-password (AUTH-38): 204 on success. */
export function resetPassword(body: ResetPasswordRequest): Promise<void> {
  return apiRequest("/api/auth/reset-password", { method: "POST", body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
