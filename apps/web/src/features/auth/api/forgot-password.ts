import { ForgotPasswordResponse, type ForgotPasswordRequest } from "@doorstep/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/auth/forgot-password (AUTH-35). */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
  return apiRequest("/api/auth/forgot-password", { method: "POST", body, schema: ForgotPasswordResponse });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
