import { createGazetteerPlaces } from "./gazetteer.ts";
import { createGooglePlaces } from "./google.ts";
import { createOsmPlaces } from "./osm.ts";
import type { PlacesProvider } from "./places-provider.ts";

/**
 * Picks the provider from config: Google Places behind GOOGLE_MAPS_API_KEY, else OpenStreetMap through the
 * Nominatim at PLACES_URL, else the offline gazetteer (towns only).
 */
export function createPlacesProvider(options: {
  googleApiKey?: string;
  googleBaseUrl?: string;
  osmUrl?: string;
  /** Sent to Nominatim, whose usage policy asks every application to identify itself. */
  userAgent?: string;
}): PlacesProvider {
  if (options.googleApiKey) return createGooglePlaces({ apiKey: options.googleApiKey, baseUrl: options.googleBaseUrl });
  if (options.osmUrl) return createOsmPlaces({ baseUrl: options.osmUrl, userAgent: options.userAgent ?? "Doorstep" });
  return createGazetteerPlaces();
}
