import { AttachResponse } from "@doorstep/shared/schemas/content";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contentKeys, contentPaths } from "../../../api/content/keys.ts";

/** PUT (attach) or DELETE (detach) …/content/shared/:itemId: one call with sub-items and translations (SHARED-06/08, OPEN-46). */
export function useAttachSharedItem(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, attach }: { itemId: string; attach: boolean }) =>
      apiRequest(contentPaths.shared(propertyId, itemId), {
        method: attach ? "PUT" : "DELETE",
        schema: AttachResponse,
      }),
    // SHARED-11: success refreshes the property's lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
