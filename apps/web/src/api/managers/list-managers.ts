import { MANAGERS_PAGE_SIZE, ManagerListResponse } from "@doorstep/shared/schemas/manager";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";
import { managerKeys } from "./keys.ts";

interface ListManagersInput {
  cursor?: string | null;
  signal?: AbortSignal;
}

/**
 * GET /api/managers: a page of the caller's managers with property counts, the default first (MGR-02, MGR-13).
 * The managers page lists them; the Host / Property Manager choice of a property offers them (SETUP-18).
 */
export function listManagers({ cursor, signal }: ListManagersInput = {}): Promise<ManagerListResponse> {
  const params = new URLSearchParams({ limit: String(MANAGERS_PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  return apiRequest(`/api/managers?${params.toString()}`, { schema: ManagerListResponse, signal });
}

/** Pages of managers; `items` is every page loaded so far. */
export function useManagers() {
  const query = useInfiniteQuery({
    queryKey: managerKeys.list(),
    queryFn: ({ pageParam, signal }) => listManagers({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) };
}
