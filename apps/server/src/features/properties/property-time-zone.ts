import tzLookup from "@photostructure/tz-lookup";
import { isTimeZone } from "@doorstep/shared/rules/analytics";

/**
 * The IANA zone at a pin, from an offline map of the zones' borders (decision 040); null where the lookup
 * fails or names a zone this runtime's ICU does not know (the property keeps the zone it had).
 */
export function zoneAtPin(lat: number, lng: number): string | null {
  try {
    const zone = tzLookup(lat, lng);
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}
