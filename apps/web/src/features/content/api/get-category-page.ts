import { CategoryPageResponse } from "@doorstep/shared/schemas/content";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { contentKeys, contentPaths } from "../../../api/content/keys.ts";

/** GET …/content/categories/:categoryLabel: templates, custom and shared items of one category (CONT-01, CONT-12). */
export function useCategoryPage(propertyId: string, categoryLabel: string) {
  return useQuery({
    queryKey: contentKeys.category(propertyId, categoryLabel),
    queryFn: ({ signal }) =>
      apiRequest(contentPaths.category(propertyId, categoryLabel), { schema: CategoryPageResponse, signal }),
  });
}
