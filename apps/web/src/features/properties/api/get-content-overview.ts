import { ContentOverviewResponse } from "@doorstep/shared/schemas/content";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/properties/:propertyId/content: the guide's categories with their counts (issue 4). */
export function useContentOverview(propertyId: string) {
  return useQuery({
    // Under ["content"], so every content save refreshes the overview's counts.
    queryKey: ["content", "overview", propertyId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/properties/${encodeURIComponent(propertyId)}/content`, {
        schema: ContentOverviewResponse,
        signal,
      }),
  });
}
