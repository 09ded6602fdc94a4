import { ManagerListResponse } from "@doorstep/shared/schemas/manager";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/managers, for the Host / Property Manager choice (SETUP-18); same key as the managers pages. */
export function listManagers(signal?: AbortSignal): Promise<ManagerListResponse> {
  return apiRequest("/api/managers", { schema: ManagerListResponse, signal });
}

export function useManagers() {
  return useQuery({ queryKey: ["managers", "list"], queryFn: ({ signal }) => listManagers(signal) });
}
