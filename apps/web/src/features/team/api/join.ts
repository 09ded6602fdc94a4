import { SessionResponse } from "@doorstep/shared/schemas/auth";
import { JoinCheckResponse, type JoinRequest } from "@doorstep/shared/schemas/team";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { startSession } from "../../../lib/session.ts";

/** POST /api/join/check: who invited the holder of the link (INVITATION_INVALID when it cannot be used). */
export function useJoinCheck(token: string) {
  return useQuery({
    queryKey: ["join", token],
    queryFn: () => apiRequest("/api/join/check", { method: "POST", body: { token }, schema: JoinCheckResponse }),
    enabled: token !== "",
    retry: false,
  });
}

/** POST /api/join: makes the member and signs them in; the dashboard then opens on its home. */
export function useJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinRequest) => apiRequest("/api/join", { method: "POST", body, schema: SessionResponse }),
    onSuccess: (response) => startSession(queryClient, response.appVersion),
  });
}
