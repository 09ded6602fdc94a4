import { AttachManyResponse } from "@doorstep/shared/schemas/content";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contentKeys } from "../../../api/content/keys.ts";

/** POST /api/shared-content/items/:itemId/properties: the shared item on every property listed, or on none. */
export function useAttachSharedToMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, propertyIds }: { itemId: string; propertyIds: string[] }) =>
      apiRequest(`/api/shared-content/items/${encodeURIComponent(itemId)}/properties`, {
        method: "POST",
        body: { propertyIds },
        schema: AttachManyResponse,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
