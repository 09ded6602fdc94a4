import type { UpdateManagerRequest } from "@doorstep/shared/schemas/manager";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { managerKeys } from "./keys.ts";

interface UpdateManagerInput {
  vanityId: string;
  /** The request as sent: "" clears email, phone and the message link (MGR-08). */
  body: { [K in keyof UpdateManagerRequest]?: string };
}

/** PATCH /api/managers/:vanityId: 204, then managers and properties (their manager cards) are re-fetched (MGR-10). */
export function updateManager({ vanityId, body }: UpdateManagerInput): Promise<void> {
  return apiRequest(`/api/managers/${encodeURIComponent(vanityId)}`, { method: "PATCH", body });
}

export function useUpdateManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManager,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: managerKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["properties"] });
    },
  });
}
