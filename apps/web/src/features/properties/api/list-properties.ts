import { PROPERTIES_PAGE_SIZE } from "@doorstep/shared/constants";
import { PropertyListResponse } from "@doorstep/shared/schemas/property";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";

interface ListPropertiesInput {
  search?: string;
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}

/** GET /api/properties: the caller's properties, newest change first, a page at a time (PROP-04/05, HOME-21). */
export function listProperties({
  search,
  cursor,
  limit = PROPERTIES_PAGE_SIZE,
  signal,
}: ListPropertiesInput = {}): Promise<PropertyListResponse> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (search) params.set("search", search);
  if (cursor) params.set("cursor", cursor);
  return apiRequest(`/api/properties?${params.toString()}`, { schema: PropertyListResponse, signal });
}

/** Pages of properties matching `search` (server-side); the previous result stays while the next loads. */
export function useInfiniteProperties(search: string) {
  return useInfiniteQuery({
    queryKey: propertyKeys.list(search),
    queryFn: ({ pageParam, signal }) => listProperties({ search, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
