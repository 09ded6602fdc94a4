import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { managerKeys } from "../../../api/managers/keys.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";

/** DELETE /api/managers/:vanityId: 204; its properties move to the default manager (OPEN-47); the default answers 409. */
export function deleteManager(vanityId: string): Promise<void> {
  return apiRequest(`/api/managers/${encodeURIComponent(vanityId)}`, { method: "DELETE" });
}

export function useDeleteManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManager,
    onSuccess: async (_, vanityId) => {
      queryClient.removeQueries({ queryKey: managerKeys.detail(vanityId) });
      await queryClient.invalidateQueries({ queryKey: managerKeys.list() });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}
