import { copy } from "@doorstep/shared/copy";
import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import { getNearestPlace } from "../../api/get-nearest-place.ts";

/**
 * SETUP-11: a manual pin's address is the nearest place — it fills line one and, with its country, the
 * formatted address — while line two, town, county, state and postcode are blanked.
 */
export async function manualAddress(pin: { lat: number; lng: number }): Promise<PropertyAddress> {
  const nearest = await getNearestPlace(pin.lat, pin.lng);
  const formatted =
    [nearest.nearestPlace, nearest.country].filter(Boolean).join(", ") || copy.basicSetup.coordinates(pin.lat, pin.lng);
  return {
    formatted,
    lineOne: nearest.nearestPlace,
    lineTwo: null,
    townCity: null,
    county: null,
    state: null,
    postcode: null,
    country: nearest.country,
    lat: pin.lat,
    lng: pin.lng,
  };
}
