import type { UpdateManagerRequest } from "@doorstep/shared/schemas/manager";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";
import { propertyKeys } from "../properties/keys.ts";
import { managerKeys } from "./keys.ts";

/** The request as sent: "" or null clears email, phone and the message link (MGR-08). */
export type ManagerPatch = { [K in keyof UpdateManagerRequest]?: string | null };

interface UpdateManagerInput {
  vanityId: string;
  body: ManagerPatch;
}

/**
 * PATCH /api/managers/:vanityId: 204, then managers and properties (their manager cards) are re-fetched (MGR-10).
 * The manager profile, the setup flow's host fields (PROP-32, PROP-34) and Basic Setup's popup (MGR-11) send it.
 */
export function updateManager({ vanityId, body }: UpdateManagerInput): Promise<void> {
  return apiRequest(`/api/managers/${encodeURIComponent(vanityId)}`, { method: "PATCH", body });
}

export function useUpdateManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManager,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: managerKeys.all });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}
