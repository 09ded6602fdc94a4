import {
  StayFeedDetailResponse,
  StayFeedListResponse,
  StayFeedResponse,
  type CreateStayFeedRequest,
  type UpdateStayFeedRequest,
} from "@doorstep/shared/schemas/stay-feeds";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

// A property's calendar feeds (decision 041). Their keys sit under ["stays"], so a sync that changed stays
// refreshes the calendar and the list with them.
const feedKeys = {
  list: (propertyId: string) => ["stays", "feeds", propertyId] as const,
  detail: (feedId: string) => ["stays", "feed", feedId] as const,
};

const feedPath = (feedId: string) => `/api/stay-feeds/${encodeURIComponent(feedId)}`;

export function useStayFeeds(propertyId: string) {
  return useQuery({
    queryKey: feedKeys.list(propertyId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/properties/${encodeURIComponent(propertyId)}/stay-feeds`, {
          schema: StayFeedListResponse,
          signal,
        })
      ).items,
  });
}

/** One feed with its whole link: asked only when the edit form opens, never kept. */
export function useStayFeedLink(feedId: string | null) {
  return useQuery({
    queryKey: feedKeys.detail(feedId ?? ""),
    enabled: feedId !== null,
    gcTime: 0,
    queryFn: async ({ signal }) => apiRequest(feedPath(feedId!), { schema: StayFeedDetailResponse, signal }),
  });
}

function useFeedMutation<V>(mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stayKeys.all }),
  });
}

export function useAddStayFeed(propertyId: string) {
  return useFeedMutation(async (body: CreateStayFeedRequest) =>
    apiRequest(`/api/properties/${encodeURIComponent(propertyId)}/stay-feeds`, {
      method: "POST",
      body,
      schema: StayFeedResponse,
    }),
  );
}

export function useUpdateStayFeed() {
  return useFeedMutation(async ({ feedId, body }: { feedId: string; body: UpdateStayFeedRequest }) =>
    apiRequest(feedPath(feedId), { method: "PATCH", body, schema: StayFeedResponse }),
  );
}

export function useRemoveStayFeed() {
  return useFeedMutation(async (feedId: string) => apiRequest(feedPath(feedId), { method: "DELETE" }));
}

export function useSyncStayFeed() {
  return useFeedMutation(async (feedId: string) =>
    apiRequest(`${feedPath(feedId)}/sync`, { method: "POST", schema: StayFeedResponse }),
  );
}
