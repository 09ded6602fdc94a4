import { NearestPlaceResponse } from "@doorstep/shared/schemas/places";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/places/nearest: the named place nearest a dropped pin, for a manual location (SETUP-11). */
export function getNearestPlace(lat: number, lng: number): Promise<NearestPlaceResponse> {
  return apiRequest(`/api/places/nearest?${new URLSearchParams({ lat: String(lat), lng: String(lng) }).toString()}`, {
    schema: NearestPlaceResponse,
  });
}
