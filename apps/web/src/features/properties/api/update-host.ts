import type { UpdateManagerRequest } from "@doorstep/shared/schemas/manager";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "./keys.ts";

interface UpdateHostInput {
  /** The property's manager (PropertyDto.manager.vanityId). */
  vanityId: string;
  body: UpdateManagerRequest;
}

/** PATCH /api/managers/:vanityId: the setup flow's host fields edit the property's manager (PROP-32, PROP-34). */
export function updateHost({ vanityId, body }: UpdateHostInput): Promise<void> {
  return apiRequest(`/api/managers/${encodeURIComponent(vanityId)}`, { method: "PATCH", body });
}

export function useUpdateHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHost,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      await queryClient.invalidateQueries({ queryKey: ["managers"] });
    },
  });
}
