import { ManagerListResponse } from "@doorstep/shared/schemas/manager";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { managerKeys } from "./keys.ts";

/** GET /api/managers: the caller's managers, the default first (MGR-02, MGR-13). */
export function listManagers(signal?: AbortSignal): Promise<ManagerListResponse> {
  return apiRequest("/api/managers", { schema: ManagerListResponse, signal });
}

export function useManagers() {
  return useQuery({ queryKey: managerKeys.list(), queryFn: ({ signal }) => listManagers(signal) });
}
