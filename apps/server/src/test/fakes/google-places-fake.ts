import { startFakeHttp, type FakeRequest, type FakeResponse } from "./http-fake.ts";

/** A real 8×6 JPEG (so our image pipeline can decode it): what the photo endpoint's redirect ends at. */
export const FAKE_JPEG = Buffer.from(
  "/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAGAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKAVJf/9k=",
  "base64",
);

interface FakePrediction {
  place_id: string;
  description: string;
  /** Google's prediction types; the fake filters on them as `types=` does. */
  types: string[];
}

const PREDICTIONS: FakePrediction[] = [
  { place_id: "ChIJ1", description: "12 Marine Parade, Brighton, UK", types: ["premise", "geocode"] },
  {
    place_id: "ChIJcafe",
    description: "Marine Café, Madeira Drive, Brighton, UK",
    types: ["cafe", "food", "point_of_interest", "establishment"],
  },
  {
    place_id: "ChIJtown",
    description: "Brighton, UK",
    types: ["locality", "political", "geocode"],
  },
];

const REGION_TYPES = ["locality", "sublocality", "postal_code", "country", "administrative_area_level_1"];

const DETAILS: Record<string, Record<string, unknown>> = {
  ChIJtown: {
    place_id: "ChIJtown",
    name: "Brighton",
    formatted_address: "Brighton, UK",
    geometry: { location: { lat: 50.8229, lng: -0.1363 } },
    address_components: [
      { long_name: "Brighton", short_name: "Brighton", types: ["locality", "political"] },
      { long_name: "England", short_name: "England", types: ["administrative_area_level_1", "political"] },
      { long_name: "United Kingdom", short_name: "GB", types: ["country", "political"] },
    ],
    types: ["locality", "political"],
    photos: [{ height: 2000, width: 3000, photo_reference: "AUc7tXtown", html_attributions: [] }],
  },
  ChIJ1: {
    place_id: "ChIJ1",
    formatted_address: "12 Marine Parade, Brighton BN2 1TL, UK",
    geometry: { location: { lat: 50.8196, lng: -0.1311 } },
    address_components: [
      { long_name: "12", short_name: "12", types: ["street_number"] },
      { long_name: "Marine Parade", short_name: "Marine Parade", types: ["route"] },
      { long_name: "Brighton", short_name: "Brighton", types: ["postal_town"] },
      { long_name: "Brighton and Hove", short_name: "Brighton and Hove", types: ["locality", "political"] },
      {
        long_name: "East Sussex",
        short_name: "East Sussex",
        types: ["administrative_area_level_2", "political"],
      },
      { long_name: "England", short_name: "England", types: ["administrative_area_level_1", "political"] },
      { long_name: "United Kingdom", short_name: "GB", types: ["country", "political"] },
      { long_name: "BN2 1TL", short_name: "BN2 1TL", types: ["postal_code"] },
    ],
    types: ["premise"],
  },
  ChIJcafe: {
    place_id: "ChIJcafe",
    name: "Marine Café",
    formatted_address: "3 Madeira Dr, Brighton BN2 1PS, UK",
    geometry: { location: { lat: 50.8192, lng: -0.1333 } },
    international_phone_number: "+44 1273 123456",
    website: "https://marinecafe.example/",
    rating: 4.5,
    types: ["cafe", "food", "point_of_interest", "establishment"],
    photos: [
      { height: 3024, width: 4032, photo_reference: "AUc7tXphoto1", html_attributions: ['<a href="…">A Guest</a>'] },
      { height: 1200, width: 1600, photo_reference: "AUc7tXphoto2", html_attributions: [] },
    ],
  },
};

/** Only the fields asked for, as the Details `fields` parameter does. */
function pick(result: Record<string, unknown>, fields: string | null): Record<string, unknown> {
  if (!fields) return result;
  const wanted = fields.split(",").map((f) => (f === "address_component" ? "address_components" : f));
  return Object.fromEntries(Object.entries(result).filter(([k]) => wanted.includes(k)));
}

function handle(req: FakeRequest): FakeResponse {
  if (req.path.startsWith("/image/")) return { headers: { "content-type": "image/jpeg" }, body: FAKE_JPEG };
  if (req.query.get("key") !== "g-key")
    return { json: { status: "REQUEST_DENIED", error_message: "The provided API key is invalid." } };
  if (req.path === "/maps/api/place/autocomplete/json") {
    const types = req.query.get("types");
    const predictions = PREDICTIONS.filter((p) =>
      types === "geocode"
        ? p.types.includes("geocode")
        : types === "(regions)"
          ? p.types.some((t) => REGION_TYPES.includes(t))
          : true,
    ).filter((p) => p.description.toLowerCase().includes((req.query.get("input") ?? "").toLowerCase()));
    return { json: { status: predictions.length ? "OK" : "ZERO_RESULTS", predictions } };
  }
  if (req.path === "/maps/api/place/details/json") {
    const result = DETAILS[req.query.get("place_id") ?? ""];
    return result
      ? { json: { status: "OK", html_attributions: [], result: pick(result, req.query.get("fields")) } }
      : { json: { status: "NOT_FOUND", html_attributions: [] } };
  }
  if (req.path === "/maps/api/place/photo") {
    // The legacy photo endpoint answers 302 to the image on Google's content host; an unknown reference is a 400.
    if (!req.query.get("photo_reference")?.startsWith("AUc7tX") || !req.query.get("maxwidth"))
      return { status: 400, body: "" };
    return { status: 302, headers: { location: `/image/${req.query.get("photo_reference")}=s1600-w400` } };
  }
  if (req.path === "/maps/api/geocode/json") return { json: { status: "ZERO_RESULTS", results: [] } };
  return { status: 404, body: "Not Found" };
}

/** A fake of Google's legacy Places web service (key "g-key"): autocomplete, details, photo redirects. */
export function startGooglePlacesFake() {
  return startFakeHttp(handle);
}
