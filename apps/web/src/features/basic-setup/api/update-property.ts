import type { UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** PATCH /api/properties/:propertyId: 204, then the property, the lists and manager counts are re-fetched (SETUP-03, XCUT-21). */
export function updateProperty(propertyId: string, body: UpdatePropertyRequest): Promise<void> {
  return apiRequest(`/api/properties/${encodeURIComponent(propertyId)}`, { method: "PATCH", body });
}

export function useUpdateProperty(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePropertyRequest) => updateProperty(propertyId, body),
    onSuccess: async (_, body) => {
      await queryClient.invalidateQueries({ queryKey: ["properties"] });
      if (body.managerVanityId) await queryClient.invalidateQueries({ queryKey: ["managers"] });
    },
  });
}
