import { PropertyResponse, type PropertyDto } from "@doorstep/shared/schemas/property";
import { useQuery } from "@tanstack/react-query";
import { apiRequest, hasErrorCode } from "../../../lib/api-client.ts";

/** Everything about properties sits under ["properties"]; the overview uses the same detail key. */
export const propertyDetailKey = (propertyId: string) => ["properties", "detail", propertyId] as const;

/** GET /api/properties/:propertyId (404 for unknown or another account's). */
export async function getProperty(propertyId: string, signal?: AbortSignal): Promise<PropertyDto> {
  const { property } = await apiRequest(`/api/properties/${encodeURIComponent(propertyId)}`, { schema: PropertyResponse, signal });
  return property;
}

export function useProperty(propertyId: string) {
  return useQuery({
    queryKey: propertyDetailKey(propertyId),
    queryFn: ({ signal }) => getProperty(propertyId, signal),
    retry: (count, error) => !hasErrorCode(error, "NOT_FOUND") && count < 2,
  });
}
