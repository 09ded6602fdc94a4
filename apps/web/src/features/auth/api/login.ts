import { SessionResponse, type LoginRequest } from "@doorstep/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { startSession } from "../../../lib/session.ts";

/** POST /api/auth/login (AUTH-07). */
export function login(body: LoginRequest): Promise<SessionResponse> {
  return apiRequest("/api/auth/login", { method: "POST", body, schema: SessionResponse });
}

/** Logs in, then checks the version and loads the user (AUTH-03, AUTH-10). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => startSession(queryClient, response.appVersion),
  });
}
