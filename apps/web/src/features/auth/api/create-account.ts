import { SessionResponse, type CreateAccountRequest } from "@doorstep/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey, startSession } from "../../../lib/session.ts";

/**
 * POST /api/auth/sign-up (AUTH-27): creates the account and signs in (AUTH-32). An affiliate sign-up posts the
 * same request to /api/auth/create-affiliate-account (AFF-03, AFF-04).
 */
export function createAccount(body: CreateAccountRequest, kind: AccountKind = "host"): Promise<SessionResponse> {
  const path = kind === "affiliate" ? "/api/auth/create-affiliate-account" : "/api/auth/sign-up";
  return apiRequest(path, { method: "POST", body, schema: SessionResponse });
}

export type AccountKind = "host" | "affiliate";

export function useCreateAccount(kind: AccountKind = "host") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountRequest) => createAccount(body, kind),
    // AUTH-24: the form shows its success loader at once; once the user is loaded the guard moves on.
    onSuccess: (response) => {
      void startSession(queryClient, response.appVersion, { keepScreen: true }).catch(() => {
        void queryClient.resetQueries({ queryKey: meQueryKey });
      });
    },
  });
}
