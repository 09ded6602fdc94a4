import { ManagerResponse, type ManagerDto } from "@doorstep/shared/schemas/manager";
import { useQuery } from "@tanstack/react-query";
import { apiRequest, hasErrorCode } from "../../../lib/api-client.ts";
import { managerKeys } from "../../../api/managers/keys.ts";

/** GET /api/managers/:vanityId (404 for unknown or another account's). */
export async function getManager(vanityId: string, signal?: AbortSignal): Promise<ManagerDto> {
  const { manager } = await apiRequest(`/api/managers/${encodeURIComponent(vanityId)}`, {
    schema: ManagerResponse,
    signal,
  });
  return manager;
}

export function useManager(vanityId: string) {
  return useQuery({
    queryKey: managerKeys.detail(vanityId),
    queryFn: ({ signal }) => getManager(vanityId, signal),
    retry: (count, error) => !hasErrorCode(error, "NOT_FOUND") && count < 2,
  });
}
