/** Which country an IP address is in: for login records and the currency a checkout defaults to. */
export interface GeoLookup {
  /** ISO 3166-1 alpha-2 country code (upper case), or null when unknown (AUTH-13). */
  country(ip: string): string | null;
}
