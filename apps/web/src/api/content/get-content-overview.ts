import { ContentOverviewResponse } from "@doorstep/shared/schemas/content";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";
import { contentKeys, contentPaths } from "./keys.ts";

/**
 * GET /api/properties/:propertyId/content: the categories with their counts, for a property's overview and the
 * shared-content page. Under ["content"], so every content save refreshes the counts.
 */
export function useContentOverview(propertyId: string) {
  return useQuery({
    queryKey: contentKeys.overview(propertyId),
    queryFn: ({ signal }) => apiRequest(contentPaths.overview(propertyId), { schema: ContentOverviewResponse, signal }),
    enabled: propertyId !== "",
  });
}
