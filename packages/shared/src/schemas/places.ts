import { z } from "zod";
import { text } from "./text.ts";
import { PropertyAddress } from "./property.ts";

/**
 * What a search looks for: a street address (SETUP-07), a town or region (a local-area profile's nearest town,
 * LOCAL-17) or a place worth recommending (LOCAL-07, biased to ±0.05° around lat/lng).
 */
export const PlaceSearchKind = z.enum(["address", "region", "establishment"]);
export type PlaceSearchKind = z.infer<typeof PlaceSearchKind>;

/** Address search (SETUP-07): predictions, then the chosen place's address (SETUP-08, OPEN-60). */
export const PlaceSearchQuery = z.object({
  q: text().trim().min(2).max(200),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  kind: PlaceSearchKind.default("address"),
});
export type PlaceSearchQuery = z.infer<typeof PlaceSearchQuery>;

export const PlacePrediction = z.object({ placeId: text(), description: text() });
export const PlaceSearchResponse = z.object({ predictions: z.array(PlacePrediction) });
export type PlaceSearchResponse = z.infer<typeof PlaceSearchResponse>;

export const PlaceDetailsResponse = z.object({ address: PropertyAddress });
export type PlaceDetailsResponse = z.infer<typeof PlaceDetailsResponse>;

/** The nearest named place to a dropped pin, used as a manual location's address (SETUP-11). */
export const NearestPlaceQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const NearestPlaceResponse = z.object({
  nearestPlace: text().nullable(),
  country: text().nullable(),
  words: text().nullable(),
});
export type NearestPlaceResponse = z.infer<typeof NearestPlaceResponse>;

/** what3words (SETUP-14, SETUP-15): words → coordinates through the server's key. */
export const WordsQuery = z.object({ words: text().trim().min(5).max(120) });
export const WordsResponse = z.object({
  words: text(),
  nearestPlace: text().nullable(),
  country: text().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type WordsResponse = z.infer<typeof WordsResponse>;
