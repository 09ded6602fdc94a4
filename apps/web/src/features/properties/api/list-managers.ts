import { ManagerListResponse } from "@doorstep/shared/schemas/manager";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/managers, for the Host / Property Manager choice (SETUP-18). Same key as features/managers, kept apart: a feature does not import another. */
export function listManagers(signal?: AbortSignal): Promise<ManagerListResponse> {
  return apiRequest("/api/managers", { schema: ManagerListResponse, signal });
}

export function useManagers() {
  return useQuery({ queryKey: ["managers", "list"], queryFn: ({ signal }) => listManagers(signal) });
}
