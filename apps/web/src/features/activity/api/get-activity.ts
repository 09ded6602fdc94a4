import { ActivityResponse } from "@doorstep/shared/schemas/activity";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/activity, a page at a time, by property and member (decision 058). */
export function useActivity(filter: { propertyId: string; memberId: string }) {
  return useInfiniteQuery({
    queryKey: ["activity", filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (filter.propertyId) params.set("propertyId", filter.propertyId);
      if (filter.memberId) params.set("memberId", filter.memberId);
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest(`/api/activity?${params.toString()}`, { schema: ActivityResponse, signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
