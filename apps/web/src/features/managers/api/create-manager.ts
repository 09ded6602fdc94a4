import { ManagerResponse, type CreateManagerRequest, type ManagerDto } from "@doorstep/shared/schemas/manager";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { managerKeys } from "../../../api/managers/keys.ts";

/** POST /api/managers → 201 with the new manager and its 8-digit vanity id (MGR-04…06). */
export async function createManager(body: CreateManagerRequest): Promise<ManagerDto> {
  const { manager } = await apiRequest("/api/managers", { method: "POST", body, schema: ManagerResponse });
  return manager;
}

export function useCreateManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManager,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managerKeys.all }),
  });
}
