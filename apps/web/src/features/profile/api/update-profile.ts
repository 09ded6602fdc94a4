import type { UpdateProfileRequest } from "@doorstep/shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";

/** PATCH /api/me: 204, then the user is re-fetched (AUTH-42, AUTH-44, XCUT-21). */
export function updateProfile(body: UpdateProfileRequest): Promise<void> {
  return apiRequest("/api/me", { method: "PATCH", body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
