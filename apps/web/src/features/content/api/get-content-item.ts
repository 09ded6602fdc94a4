import { ContentItemResponse } from "@doorstep/shared/schemas/content";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contentKeys, contentPaths } from "../../../api/content/keys.ts";

/** GET …/content/items/:itemId with translations and sub-items; always fresh when the editor opens. */
export function useContentItem(propertyId: string, itemId: string | null) {
  return useQuery({
    queryKey: contentKeys.item(propertyId, itemId ?? ""),
    queryFn: async ({ signal }) =>
      (await apiRequest(contentPaths.item(propertyId, itemId ?? ""), { schema: ContentItemResponse, signal })).item,
    enabled: itemId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
