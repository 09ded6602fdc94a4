import { createGazetteerPlaces } from "./gazetteer.ts";
import { createGooglePlaces } from "./google.ts";
import type { PlacesProvider } from "./places-provider.ts";

/** Picks the provider from config: Google Places behind GOOGLE_MAPS_API_KEY, else the offline gazetteer. */
export function createPlacesProvider(options: { googleApiKey?: string; googleBaseUrl?: string }): PlacesProvider {
  return options.googleApiKey
    ? createGooglePlaces({ apiKey: options.googleApiKey, baseUrl: options.googleBaseUrl })
    : createGazetteerPlaces();
}
