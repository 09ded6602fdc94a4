import { PlaceDetailsResponse, type PlaceDetailsResponse as PlaceDetails } from "@doorstep/shared/schemas/places";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/places/details: the chosen prediction's address, components and pin (SETUP-08). */
export function getPlaceDetails(placeId: string): Promise<PlaceDetails> {
  return apiRequest(`/api/places/details?${new URLSearchParams({ placeId }).toString()}`, { schema: PlaceDetailsResponse });
}
