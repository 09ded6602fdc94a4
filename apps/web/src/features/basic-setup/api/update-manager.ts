import type { UpdateManagerRequest } from "@doorstep/shared/schemas/manager";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

type ManagerPatch = { [K in keyof UpdateManagerRequest]?: string };

/** PATCH /api/managers/:vanityId from the Basic Setup popup (MGR-11): 204, then managers and properties re-fetched. */
export function updateManager(vanityId: string, body: ManagerPatch): Promise<void> {
  return apiRequest(`/api/managers/${encodeURIComponent(vanityId)}`, { method: "PATCH", body });
}

export function useUpdateManager(vanityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManagerPatch) => updateManager(vanityId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["managers"] });
      await queryClient.invalidateQueries({ queryKey: ["properties"] });
    },
  });
}

/** PUT / DELETE the manager photo (multipart "file"). */
export function managerPhotoUrl(vanityId: string): string {
  return `/api/managers/${encodeURIComponent(vanityId)}/photo`;
}
