import type { GeoLookup } from "./geo-lookup.ts";
import { createGeoipCountryLookup } from "./geoip-country.ts";

/** The country lookup: the offline geoip-country data, the one implementation (it needs no config or key). */
export function createGeoLookup(): GeoLookup {
  return createGeoipCountryLookup();
}
