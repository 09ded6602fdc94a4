import { createRequire } from "node:module";
import net from "node:net";

export interface GeoLookup {
  /** ISO 3166-1 alpha-2 country code (upper case), or null when unknown (AUTH-13). */
  country(ip: string): string | null;
}

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

/** Offline country lookup (geoip-country); its data loads on first use, not at boot. */
export function createGeoLookup(): GeoLookup {
  let geoip: GeoipCountry | undefined;
  return {
    country(ip) {
      if (!net.isIP(ip)) return null;
      geoip ??= createRequire(import.meta.url)("geoip-country") as GeoipCountry;
      return geoip.lookup(ip)?.country ?? null;
    },
  };
}
