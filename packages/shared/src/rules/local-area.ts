/** Local-area recommendations (LOCAL-05, LOCAL-19, OPEN-55): the place categories and the profile label rule. */

/** LOCAL-05, in the order the dashboard and the guide show them. */
export const PLACE_CATEGORIES = [
  "special-offers",
  "events",
  "experiences",
  "attraction",
  "food-and-drink",
  "cafes",
  "leisure-activity",
  "casino",
  "health-services",
  "health-and-fitness",
  "shopping",
  "amenity",
  "transport",
  "parks",
  "routes",
  "cycling",
  "beaches",
  "watersports",
  "golf",
  "skiing",
  "vineyard",
  "fishing",
  "wildlife",
  "accommodation-locations",
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

export function isPlaceCategory(value: string): value is PlaceCategory {
  return (PLACE_CATEGORIES as readonly string[]).includes(value);
}

/** Most places one list (a property's or a profile's) may hold. */
export const MAX_PLACES_PER_OWNER = 500;
export const PLACE_TEXT_MAX = 2000;
export const PROFILE_TITLE_MAX = 100;

/** XCUT-53: nearby search bounds ±0.05° around the property or the profile's town. */
export const NEARBY_BOUNDS_DEGREES = 0.05;

/**
 * LOCAL-19: the name lowercased with whitespace replaced by dashes. We also drop what would not survive a
 * URL path unescaped ("/", "?", "#", "%") so the label is the page's address as written, and fall back to
 * "profile" for a name made only of such characters.
 */
export function profileLabel(title: string): string {
  const label = title
    .trim()
    .toLowerCase()
    .replace(/[/?#%\\]+/g, "")
    .replace(/\s+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return label || "profile";
}

/** OPEN-55: on a collision the server appends -2, -3, … */
export function nextFreeLabel(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A maps link that opens directions to the place itself in the guest's maps app (Google Maps' universal URL
 * works everywhere): its own pin, else its name and address; null when it has neither pin nor address, so the
 * guide offers no directions rather than send guests to wherever a bare name happens to match.
 */
export function directionsUrl(place: {
  lat: number | null;
  lng: number | null;
  title: string;
  address: string | null;
  providerPlaceId?: string | null;
}): string | null {
  const pinned = place.lat !== null && place.lng !== null;
  const address = place.address?.trim() ?? "";
  if (!pinned && !address) return null;
  const url = new URL("https://www.google.com/maps/dir/");
  url.searchParams.set("api", "1");
  if (pinned) url.searchParams.set("destination", `${place.lat},${place.lng}`);
  else url.searchParams.set("destination", [place.title, address].filter(Boolean).join(", "));
  if (place.providerPlaceId && !place.providerPlaceId.includes(":"))
    url.searchParams.set("destination_place_id", place.providerPlaceId);
  return url.toString();
}
