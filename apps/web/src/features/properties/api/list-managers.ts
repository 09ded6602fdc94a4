import { MANAGERS_PAGE_SIZE, ManagerListResponse } from "@doorstep/shared/schemas/manager";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

interface ListManagersInput {
  cursor?: string | null;
  signal?: AbortSignal;
}

/** GET /api/managers, for the Host / Property Manager choice (SETUP-18): a page of the caller's managers with property counts, the default first (MGR-02, MGR-13). */
export function listManagers({ cursor, signal }: ListManagersInput = {}): Promise<ManagerListResponse> {
  const params = new URLSearchParams({ limit: String(MANAGERS_PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  return apiRequest(`/api/managers?${params.toString()}`, { schema: ManagerListResponse, signal });
}

/**
 * Pages of managers under the same key as features/managers (kept apart: a feature does not import another,
 * so both must keep the same page shape); `items` is every page loaded so far.
 */
export function useManagers() {
  const query = useInfiniteQuery({
    queryKey: ["managers", "list"],
    queryFn: ({ pageParam, signal }) => listManagers({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) };
}
