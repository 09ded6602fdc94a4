import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import type { PlacesProvider } from "./places-provider.ts";

interface AddressComponent {
  long_name: string;
  types: string[];
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
  async function call<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries({ ...params, key: apiKey })) url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`Google Places answered ${res.status}`);
    const body = (await res.json()) as T & { status: string };
    if (body.status !== "OK" && body.status !== "ZERO_RESULTS") throw new Error(`Google Places status ${body.status}`);
    return body;
  }
  return {
    kind: "google",
    async search(query, near) {
      const params: Record<string, string> = { input: query, types: "geocode" };
      if (near) Object.assign(params, { location: `${near.lat},${near.lng}`, radius: "50000" });
      const body = await call<{ predictions?: { place_id: string; description: string }[] }>(
        "/maps/api/place/autocomplete/json",
        params,
      );
      return (body.predictions ?? []).map((p) => ({ placeId: p.place_id, description: p.description }));
    },
    async details(placeId) {
      const body = await call<{ result?: Parameters<typeof mapGoogleAddress>[0] }>("/maps/api/place/details/json", {
        place_id: placeId,
        fields: "formatted_address,address_component,geometry",
      });
      return body.result ? mapGoogleAddress(body.result) : null;
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
