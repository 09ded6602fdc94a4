import type { UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";
import { managerKeys } from "../../../api/managers/keys.ts";

interface UpdatePropertyInput {
  propertyId: string;
  body: UpdatePropertyRequest;
}

/** PATCH /api/properties/:propertyId: 204, then the property, the lists and manager counts are re-fetched (SETUP-03, XCUT-21). */
export function updateProperty({ propertyId, body }: UpdatePropertyInput): Promise<void> {
  return apiRequest(`/api/properties/${encodeURIComponent(propertyId)}`, { method: "PATCH", body });
}

export function useUpdateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProperty,
    onSuccess: async (_, { body }) => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      // A new manager changes both managers' property counts.
      if (body.managerVanityId) await queryClient.invalidateQueries({ queryKey: managerKeys.all });
    },
  });
}
