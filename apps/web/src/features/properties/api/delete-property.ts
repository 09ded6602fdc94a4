import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";

/** DELETE /api/properties/:propertyId: archives it at once (PROP-27, OPEN-39). */
export function deleteProperty(propertyId: string): Promise<void> {
  return apiRequest(`/api/properties/${encodeURIComponent(propertyId)}`, { method: "DELETE" });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProperty,
    // PROP-28: the lists are refreshed; the deleted property's own page is dropped, not re-fetched into a 404.
    onSuccess: async (_, propertyId) => {
      queryClient.removeQueries({ queryKey: propertyKeys.detail(propertyId) });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.recent() });
    },
  });
}
