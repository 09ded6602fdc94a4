import type { PropertyDto, PropertyResponse } from "@doorstep/shared/schemas/property";
import { useQuery } from "@tanstack/react-query";
import { apiRequestTrusted } from "../../lib/api-client.ts";
import { propertyKeys } from "./keys.ts";

/** GET /api/properties/:propertyId (404 for unknown or another account's, XCUT-15). */
export async function getProperty(propertyId: string, signal?: AbortSignal): Promise<PropertyDto> {
  // The header reads it too, so it is in the first view: trusted, without zod (decision 017).
  const { property } = await apiRequestTrusted<PropertyResponse>(`/api/properties/${encodeURIComponent(propertyId)}`, {
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
