import type { ReorderContentRequest } from "@doorstep/shared/schemas/content";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contentKeys, contentPaths } from "../../../api/content/keys.ts";

/** PUT …/content/order: one call rewrites the ranks of one category's items (CONT-32…34). */
export function useReorderContent(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReorderContentRequest) => apiRequest(contentPaths.order(propertyId), { method: "PUT", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
