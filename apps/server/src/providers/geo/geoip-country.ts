import { createRequire } from "node:module";
import net from "node:net";
import type { GeoLookup } from "./geo-lookup.ts";

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}

/** Offline country lookup (geoip-country); its data loads on first use, not at boot. */
export function createGeoipCountryLookup(): GeoLookup {
  let geoip: GeoipCountry | undefined;
  return {
    country(ip) {
      if (!net.isIP(ip)) return null;
      geoip ??= createRequire(import.meta.url)("geoip-country") as GeoipCountry;
      return geoip.lookup(ip)?.country ?? null;
    },
  };
}
