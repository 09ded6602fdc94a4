import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contentKeys, contentPaths } from "../../../api/content/keys.ts";

/** DELETE …/content/items/:itemId (CONT-31); a shared item is detached everywhere (SHARED-13). */
export function useDeleteContentItem(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => apiRequest(contentPaths.item(propertyId, itemId), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
