import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import type { PlacesProvider } from "./places-provider.ts";

interface AddressComponent {
  long_name: string;
  types: string[];
}

interface GooglePlace {
  place_id?: string;
  name?: string;
  formatted_address?: string;
  geometry?: { location: { lat: number; lng: number } };
  international_phone_number?: string;
  website?: string;
  rating?: number;
  types?: string[];
  photos?: { photo_reference: string }[];
}

/** Maps Google address components to our address fields (SETUP-08, OPEN-60). */
export function mapGoogleAddress(result: {
  formatted_address: string;
  address_components: AddressComponent[];
  geometry: { location: { lat: number; lng: number } };
}): PropertyAddress {
  const get = (type: string) => result.address_components.find((c) => c.types.includes(type))?.long_name ?? null;
  const lineOne = [get("street_number"), get("route")].filter(Boolean).join(" ") || null;
  return {
    formatted: result.formatted_address,
    lineOne,
    lineTwo: null,
    townCity: get("postal_town") ?? get("locality"),
    county: get("administrative_area_level_2"),
    state: get("administrative_area_level_1"),
    postcode: get("postal_code"),
    country: get("country"),
    lat: result.geometry.location.lat,
    lng: result.geometry.location.lng,
  };
}

/** Google Places (legacy web service) behind GOOGLE_MAPS_API_KEY; the key never leaves the server (IMPL-25). */
export function createGooglePlaces({
  apiKey,
  baseUrl = "https://maps.googleapis.com",
}: {
  apiKey: string;
  baseUrl?: string;
}): PlacesProvider {
  const urlOf = (path: string, params: Record<string, string>) => {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries({ ...params, key: apiKey })) url.searchParams.set(k, v);
    return url;
  };
  /** `notFoundIsEmpty`: Details answers NOT_FOUND for an id Google no longer knows, which is "no such place", not a failure. */
  async function call<T>(path: string, params: Record<string, string>, notFoundIsEmpty = false): Promise<T> {
    const res = await fetch(urlOf(path, params), { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`Google Places answered ${res.status}`);
    const body = (await res.json()) as T & { status: string };
    const empty = body.status === "ZERO_RESULTS" || (notFoundIsEmpty && body.status === "NOT_FOUND");
    if (body.status !== "OK" && !empty) throw new Error(`Google Places status ${body.status}`);
    return body;
  }
  return {
    kind: "google",
    findsPlaces: true,
    async search(query, near, kind = "address") {
      const params: Record<string, string> = { input: query };
      // SETUP-07: addresses; LOCAL-17: towns and regions only; LOCAL-07: establishments and geocodes, so no filter.
      if (kind === "address") params.types = "geocode";
      if (kind === "region") params.types = "(regions)";
      if (near && kind === "establishment") {
        // LOCAL-07: biased to a box of ±0.05° around the property.
        const box = [near.lat - 0.05, near.lng - 0.05, near.lat + 0.05, near.lng + 0.05].map((n) => n.toFixed(6));
        params.locationbias = `rectangle:${box[0]},${box[1]}|${box[2]},${box[3]}`;
      } else if (near) Object.assign(params, { location: `${near.lat},${near.lng}`, radius: "50000" });
      const body = await call<{ predictions?: { place_id: string; description: string }[] }>(
        "/maps/api/place/autocomplete/json",
        params,
      );
      return (body.predictions ?? []).map((p) => ({ placeId: p.place_id, description: p.description }));
    },
    async details(placeId) {
      const body = await call<{ result?: Parameters<typeof mapGoogleAddress>[0] }>(
        "/maps/api/place/details/json",
        {
          place_id: placeId,
          fields: "formatted_address,address_component,geometry",
        },
        true,
      );
      return body.result ? mapGoogleAddress(body.result) : null;
    },
    async placeDetails(placeId) {
      const body = await call<{ result?: GooglePlace }>(
        "/maps/api/place/details/json",
        {
          place_id: placeId,
          fields: "place_id,name,formatted_address,geometry,international_phone_number,website,rating,types,photos",
        },
        true,
      );
      const r = body.result;
      if (!r) return null;
      return {
        placeId: r.place_id ?? placeId,
        name: r.name ?? r.formatted_address ?? placeId,
        formattedAddress: r.formatted_address ?? null,
        lat: r.geometry?.location.lat ?? null,
        lng: r.geometry?.location.lng ?? null,
        phone: r.international_phone_number ?? null,
        website: r.website ?? null,
        rating: typeof r.rating === "number" ? r.rating : null,
        placeType: r.types?.find((t) => t !== "point_of_interest" && t !== "establishment") ?? r.types?.[0] ?? null,
        photoReference: r.photos?.[0]?.photo_reference ?? null,
      };
    },
    async photo(photoReference, maxWidth) {
      // The photo endpoint answers with a redirect to the image; fetch follows it, and the key stays here.
      const res = await fetch(
        urlOf("/maps/api/place/photo", { photo_reference: photoReference, maxwidth: String(maxWidth) }),
        {
          signal: AbortSignal.timeout(10_000),
        },
      );
      // A reference Google no longer honours (they expire) is answered 400 or 404: the place has no photo for us.
      if (res.status === 400 || res.status === 404) return null;
      if (!res.ok) throw new Error(`Google Places photo answered ${res.status}`);
      // Only an image may end up in a host's folder (LOCAL-14), never an error page answered 200.
      const contentType = res.headers.get("content-type") ?? "";
      if (!contentType.startsWith("image/"))
        throw new Error(`Google Places photo answered ${contentType || "no type"}`);
      return { bytes: Buffer.from(await res.arrayBuffer()), contentType };
    },
    async nearest(lat, lng) {
      const body = await call<{ results?: { address_components: AddressComponent[] }[] }>("/maps/api/geocode/json", {
        latlng: `${lat},${lng}`,
        result_type: "locality|postal_town",
      });
      const components = body.results?.[0]?.address_components ?? [];
      const name = components.find((c) => c.types.includes("postal_town") || c.types.includes("locality"))?.long_name;
      const country = components.find((c) => c.types.includes("country"))?.long_name ?? null;
      return name ? { name, country } : null;
    },
  };
}
