import type { PropertyAddress } from "@doorstep/shared/schemas/property";

export interface PlacePrediction {
  placeId: string;
  description: string;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * What a search looks for: a street address (the property's address, SETUP-07), a town or region (a
 * local-area profile's nearest town, LOCAL-17), or a place worth recommending (LOCAL-07: establishments
 * and geocodes).
 */
export type PlaceSearchKind = "address" | "region" | "establishment";

/** A recommended place as the provider describes it (LOCAL-09/10); every field but the name may be unknown. */
export interface PlaceDetails {
  placeId: string;
  name: string;
  formattedAddress: string | null;
  lat: number | null;
  lng: number | null;
  phone: string | null;
  website: string | null;
  /** 1–5, as the provider rates it. */
  rating: number | null;
  /** The provider's main type, e.g. "cafe", "beach", "pharmacy". */
  placeType: string | null;
  /** The provider's handle for the place's first photo; fetched through `photo`, never sent to the browser. */
  photoReference: string | null;
}

/**
 * Address, town and place search and lookup (SETUP-07/08, LOCAL-07/09/14): the offline gazetteer by default
 * (towns only), OpenStreetMap (a self-hosted Nominatim at PLACES_URL), or Google Places with a key.
 * Keys stay on the server (IMPL-25).
 */
export interface PlacesProvider {
  readonly kind: "gazetteer" | "google" | "osm";
  /** Whether `search(…, "establishment")` and street addresses can be found (the gazetteer knows only towns). */
  readonly findsPlaces: boolean;
  /** Predictions for the text, biased to ±0.05° around `near` when given. */
  search(query: string, near?: LatLng, kind?: PlaceSearchKind): Promise<PlacePrediction[]>;
  /** The address of a prediction (a property's or a profile's town). */
  details(placeId: string): Promise<PropertyAddress | null>;
  /** A recommended place's details; null when the provider does not know the id. */
  placeDetails(placeId: string): Promise<PlaceDetails | null>;
  /** The photo behind a photo reference, at most `maxWidth` pixels wide; null when the provider has none. */
  photo(photoReference: string, maxWidth: number): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** The nearest named place to a point, for manual pins (SETUP-11). */
  nearest(lat: number, lng: number): Promise<{ name: string; country: string | null } | null>;
}
