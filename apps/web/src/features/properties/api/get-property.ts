import { PropertyResponse, type PropertyDto } from "@doorstep/shared/schemas/property";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";

/** GET /api/properties/:propertyId (404 for unknown or another account's, XCUT-15). */
export async function getProperty(propertyId: string, signal?: AbortSignal): Promise<PropertyDto> {
  const { property } = await apiRequest(`/api/properties/${encodeURIComponent(propertyId)}`, {
    schema: PropertyResponse,
    signal,
  });
  return property;
}

export function useProperty(propertyId: string | undefined) {
  return useQuery({
    queryKey: propertyKeys.detail(propertyId ?? ""),
    queryFn: ({ signal }) => getProperty(propertyId ?? "", signal),
    enabled: Boolean(propertyId),
  });
}
