import { RECENT_PROPERTIES_COUNT } from "@doorstep/shared/constants";
import type { PropertyListResponse } from "@doorstep/shared/schemas/property";
import { useQuery } from "@tanstack/react-query";
import { propertyKeys } from "../../../api/properties/keys.ts";
import { apiRequestTrusted } from "../../../lib/api-client.ts";

/** GET /api/properties?limit=4: the 4 most recently modified properties and the total (HOME-08, HOME-10). */
export function getRecentProperties(signal?: AbortSignal): Promise<PropertyListResponse> {
  return apiRequestTrusted<PropertyListResponse>(`/api/properties?limit=${RECENT_PROPERTIES_COUNT}`, { signal });
}

/** Under ["properties"], so creating, editing or deleting a property refreshes the home tiles too. */
export function useRecentProperties() {
  return useQuery({ queryKey: propertyKeys.recent(), queryFn: ({ signal }) => getRecentProperties(signal) });
}
