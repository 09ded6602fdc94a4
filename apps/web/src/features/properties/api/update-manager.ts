import type { UpdateManagerRequest } from "@doorstep/shared/schemas/manager";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "./keys.ts";

interface UpdateManagerInput {
  /** The property's manager (PropertyDto.manager.vanityId). */
  vanityId: string;
  /** The request as sent: "" or null clears email, phone and the message link (MGR-08). */
  body: UpdateManagerRequest;
}

/**
 * PATCH /api/managers/:vanityId: the setup flow's host fields (PROP-32, PROP-34) and the Basic Setup popup
 * (MGR-11) edit the property's manager; 204, then managers and properties are re-fetched.
 */
export function updateManager({ vanityId, body }: UpdateManagerInput): Promise<void> {
  return apiRequest(`/api/managers/${encodeURIComponent(vanityId)}`, { method: "PATCH", body });
}

export function useUpdateManager() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateManager,
    onSuccess: async () => {
      // The managers feature's key, spelt out: a feature does not import another.
      await queryClient.invalidateQueries({ queryKey: ["managers"] });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}
