import type { PropertyAddress } from "@doorstep/shared/schemas/property";

export interface PlacePrediction {
  placeId: string;
  description: string;
}

/** Address search and lookup (SETUP-07/08): the offline gazetteer by default, Google Places with a key. */
export interface PlacesProvider {
  readonly kind: "gazetteer" | "google";
  search(query: string, near?: { lat: number; lng: number }): Promise<PlacePrediction[]>;
  details(placeId: string): Promise<PropertyAddress | null>;
  /** The nearest named place to a point, for manual pins (SETUP-11). */
  nearest(lat: number, lng: number): Promise<{ name: string; country: string | null } | null>;
}
