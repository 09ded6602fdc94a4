import { PropertyResponse, type CreatePropertyRequest, type PropertyDto } from "@doorstep/shared/schemas/property";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";

/** POST /api/properties (PROP-12): 409 WEBLINK_TAKEN when the weblink went meanwhile. */
export async function createProperty(body: CreatePropertyRequest): Promise<PropertyDto> {
  const { property } = await apiRequest("/api/properties", { method: "POST", body, schema: PropertyResponse });
  return property;
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProperty,
    // PROP-13: the lists are reloaded before the user moves on.
    onSuccess: async (property) => {
      queryClient.setQueryData(propertyKeys.detail(property.propertyId), property);
      await queryClient.invalidateQueries({ queryKey: propertyKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.recent() });
    },
  });
}
