import { PropertyIdsResponse } from "@doorstep/shared/schemas/property";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/property-ids: every property matching `search`, across pages, up to one bulk update's worth. */
export function listPropertyIds(search: string): Promise<PropertyIdsResponse> {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  const query = params.toString();
  return apiRequest(`/api/property-ids${query ? `?${query}` : ""}`, { schema: PropertyIdsResponse });
}
