import { SessionResponse, type CreateAccountRequest } from "@doorstep/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey, startSession } from "../../../lib/session.ts";

/** POST /api/auth/sign-up (AUTH-27): creates the account and signs in (AUTH-32). */
export function createAccount(body: CreateAccountRequest): Promise<SessionResponse> {
  return apiRequest("/api/auth/sign-up", { method: "POST", body, schema: SessionResponse });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    // AUTH-24: the form shows its success loader at once; once the user is loaded the guard moves on.
    onSuccess: (response) => {
      void startSession(queryClient, response.appVersion, { keepScreen: true }).catch(() => {
        void queryClient.resetQueries({ queryKey: meQueryKey });
      });
    },
  });
}
