import { PropertyListResponse } from "@doorstep/shared/schemas/property";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";
import { propertyKeys } from "./keys.ts";

/** A picker shows this many per page; an account may have a thousand, so the server searches and pages. */
const PICKER_PAGE = 50;

/** GET /api/properties?search=…: one page of the caller's properties matching the search. */
export function searchProperties(search: string, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(PICKER_PAGE) });
  if (search.trim()) params.set("search", search.trim());
  if (cursor) params.set("cursor", cursor);
  return apiRequest(`/api/properties?${params.toString()}`, { schema: PropertyListResponse, signal });
}

/** Pages of the search; `items` is every page loaded so far. Under ["properties", "list"] to refresh with it. */
export function usePropertySearch(search: string) {
  const query = useInfiniteQuery({
    queryKey: [...propertyKeys.list(search.trim()), "picker"],
    queryFn: ({ pageParam, signal }) => searchProperties(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
