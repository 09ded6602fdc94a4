import { PlaceDetailsResponse } from "@doorstep/shared/schemas/places";
import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import { apiRequest } from "../api-client.ts";

/** GET /api/places/details: the chosen prediction's full address and coordinates (SETUP-08, OPEN-60). */
export async function getPlaceDetails(placeId: string): Promise<PropertyAddress> {
  const { address } = await apiRequest(`/api/places/details?${new URLSearchParams({ placeId }).toString()}`, {
    schema: PlaceDetailsResponse,
  });
  return address;
}
