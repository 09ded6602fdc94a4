import { StayListResponse, type StayTab } from "@doorstep/shared/schemas/stays";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

export interface StayListFilter {
  tab: StayTab;
  /** A property's web link id, or null for every property. */
  propertyId: string | null;
  /** Part of the guest's name; "" for none. */
  q: string;
}

/** GET /api/stays: one page of the account's stays in a tab (upcoming first), filtered and searched. */
export function listStays(filter: StayListFilter, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ tab: filter.tab });
  if (filter.propertyId) params.set("propertyId", filter.propertyId);
  if (filter.q) params.set("q", filter.q);
  if (cursor) params.set("cursor", cursor);
  return apiRequest(`/api/stays?${params.toString()}`, { schema: StayListResponse, signal });
}

/** Pages of stays; the previous result stays on screen while another tab, filter or search loads. */
export function useInfiniteStays(filter: StayListFilter) {
  return useInfiniteQuery({
    queryKey: stayKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listStays(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
