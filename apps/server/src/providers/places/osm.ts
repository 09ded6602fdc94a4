import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import type { LatLng, PlaceDetails, PlaceSearchKind, PlacesProvider } from "./places-provider.ts";

/** A Nominatim result in `format=jsonv2`: search, lookup and reverse answer the same shape. */
interface NominatimPlace {
  /** Absent on Nominatim's artificial results (e.g. postcode areas), which cannot be looked up again. */
  osm_type?: "node" | "way" | "relation";
  osm_id?: number;
  lat: string;
  lon: string;
  /** The OSM key ("amenity", "shop", "natural", "place", …); `class` in the older `json` format. */
  category?: string;
  /** The OSM value ("cafe", "beach", "city", …). */
  type?: string;
  name?: string | null;
  display_name: string;
  address?: Record<string, string>;
  extratags?: Record<string, string> | null;
}

const OSM_ID = /^osm:([NWR])(\d{1,20})$/;

/**
 * Our place id for an OSM object, `osm:N123` / `osm:W456` / `osm:R789`: the letters Nominatim's
 * `lookup?osm_ids=` takes, so an id survives the round trip from search to details.
 */
export function osmPlaceId(place: Pick<NominatimPlace, "osm_type" | "osm_id">): string | null {
  if (!place.osm_type || place.osm_id === undefined) return null;
  return `osm:${place.osm_type[0]!.toUpperCase()}${place.osm_id}`;
}

const townOf = (a: Record<string, string>) => a.city ?? a.town ?? a.village ?? null;

const streetLineOf = (a: Record<string, string>) => [a.house_number, a.road].filter(Boolean).join(" ") || null;

/** Maps a Nominatim result with `addressdetails=1` to our address fields (SETUP-08). */
export function mapNominatimAddress(place: NominatimPlace): PropertyAddress {
  const a = place.address ?? {};
  return {
    formatted: place.display_name,
    lineOne: streetLineOf(a),
    lineTwo: null,
    townCity: townOf(a),
    county: a.county ?? null,
    state: a.state ?? null,
    postcode: a.postcode ?? null,
    country: a.country ?? null,
    lat: Number(place.lat),
    lng: Number(place.lon),
  };
}

/** Maps a Nominatim result with `extratags=1` to a recommended place (LOCAL-09); OSM has no ratings or photos. */
export function mapNominatimPlace(placeId: string, place: NominatimPlace): PlaceDetails {
  const tags = place.extratags ?? {};
  return {
    placeId,
    // A house or shop without a name tag is called by its street line, as a host would.
    name: place.name || streetLineOf(place.address ?? {}) || place.display_name.split(",")[0]!.trim(),
    formattedAddress: place.display_name,
    lat: Number(place.lat),
    lng: Number(place.lon),
    phone: tags.phone ?? tags["contact:phone"] ?? null,
    website: tags.website ?? tags["contact:website"] ?? tags.url ?? null,
    rating: null,
    // building=yes and the like say nothing; the key ("building") says a little more.
    placeType: (place.type && place.type !== "yes" ? place.type : place.category) ?? null,
    photoReference: null,
  };
}

/** A viewbox of ±`degrees` around a point, as Nominatim takes it: left,top,right,bottom (lon,lat,lon,lat). */
const viewbox = ({ lat, lng }: LatLng, degrees: number) =>
  [lng - degrees, lat + degrees, lng + degrees, lat - degrees].map((n) => n.toFixed(6)).join(",");

/**
 * OpenStreetMap through a self-hosted Nominatim at PLACES_URL (no key): street addresses, towns and places
 * worth recommending (SETUP-07/08, LOCAL-07/09/17). Nominatim's usage policy wants an identifying
 * User-Agent, so every request names Doorstep and this deployment's address.
 */
export function createOsmPlaces({ baseUrl, userAgent }: { baseUrl: string; userAgent: string }): PlacesProvider {
  // A trailing slash keeps a path prefix (https://maps.example.com/nominatim/) when the endpoint is joined.
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  async function call<T>(endpoint: string, params: Record<string, string>): Promise<T> {
    const url = new URL(endpoint, base);
    for (const [k, v] of Object.entries({ format: "jsonv2", "accept-language": "en", ...params }))
      url.searchParams.set(k, v);
    const res = await fetch(url, {
      headers: { "user-agent": userAgent, accept: "application/json" },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`Nominatim answered ${res.status}`);
    return (await res.json()) as T;
  }
  const lookup = async (placeId: string): Promise<NominatimPlace | null> => {
    const match = OSM_ID.exec(placeId);
    if (!match) return null;
    const places = await call<NominatimPlace[]>("lookup", {
      osm_ids: `${match[1]}${match[2]}`,
      addressdetails: "1",
      extratags: "1",
    });
    return places[0] ?? null;
  };

  return {
    kind: "osm",
    findsPlaces: true,
    async search(query, near, kind: PlaceSearchKind = "address") {
      const params: Record<string, string> = { q: query, addressdetails: "0", limit: "8" };
      if (kind === "address") params.layer = "address";
      // LOCAL-17: towns, cities and regions ("any human inhabited feature from state down to neighbourhood").
      if (kind === "region") params.featureType = "settlement";
      // LOCAL-07: establishments and geocodes, so no layer filter; biased (not bounded) to ±0.05° around the property.
      // Otherwise a ±0.5° box, about the 50 km the Google provider biases to.
      if (near) Object.assign(params, { viewbox: viewbox(near, kind === "establishment" ? 0.05 : 0.5), bounded: "0" });
      const places = await call<NominatimPlace[]>("search", params);
      return places.flatMap((p) => {
        const placeId = osmPlaceId(p);
        return placeId ? [{ placeId, description: p.display_name }] : [];
      });
    },
    async details(placeId) {
      const place = await lookup(placeId);
      return place ? mapNominatimAddress(place) : null;
    },
    async placeDetails(placeId) {
      const place = await lookup(placeId);
      return place ? mapNominatimPlace(placeId, place) : null;
    },
    // OpenStreetMap has no photos: a recommended place's image is the host's own upload.
    async photo() {
      return null;
    },
    async nearest(lat, lng) {
      // Zoom 10 is city level; away from any town Nominatim answers 200 with {"error": "Unable to geocode"}.
      const place = await call<Partial<NominatimPlace> & { error?: string }>("reverse", {
        lat: String(lat),
        lon: String(lng),
        zoom: "10",
        addressdetails: "1",
      });
      const name = place.address ? townOf(place.address) : null;
      return name ? { name, country: place.address?.country ?? null } : null;
    },
  };
}
