import { startFakeHttp, type FakeRequest, type FakeResponse } from "./http-fake.ts";

const LICENCE = "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright";

/** One OSM object as Nominatim stores it; `layer` and `settlement` drive the fake's filters and are never sent. */
interface FakePlace {
  layer: "address" | "poi" | "natural";
  settlement: boolean;
  place_id: number;
  osm_type: "node" | "way" | "relation";
  osm_id: number;
  lat: string;
  lon: string;
  category: string;
  type: string;
  place_rank: number;
  importance: number;
  addresstype: string;
  name: string;
  display_name: string;
  address: Record<string, string>;
  extratags: Record<string, string>;
  boundingbox: [string, string, string, string];
}

const BRIGHTON = {
  city: "Brighton and Hove",
  "ISO3166-2-lvl6": "GB-BNH",
  county: "East Sussex",
  state: "England",
  "ISO3166-2-lvl4": "GB-ENG",
  country: "United Kingdom",
  country_code: "gb",
};

/** A few real-looking Brighton objects and a café of the same name far away (for the viewbox bias). */
export const NOMINATIM_PLACES: FakePlace[] = [
  {
    layer: "address",
    settlement: true,
    place_id: 259_081_513,
    osm_type: "relation",
    osm_id: 114_085,
    lat: "50.8214626",
    lon: "-0.1400561",
    category: "boundary",
    type: "administrative",
    place_rank: 12,
    importance: 0.696,
    addresstype: "city",
    name: "Brighton and Hove",
    display_name: "Brighton and Hove, England, United Kingdom",
    address: { city: "Brighton and Hove", state: "England", country: "United Kingdom", country_code: "gb" },
    extratags: { wikidata: "Q1022030", population: "277103" },
    boundingbox: ["50.7987390", "50.8925180", "-0.2450594", "-0.0165340"],
  },
  {
    layer: "address",
    settlement: false,
    place_id: 123_004_567,
    osm_type: "way",
    osm_id: 28_907_458,
    lat: "50.8196471",
    lon: "-0.1311294",
    category: "building",
    type: "house",
    place_rank: 30,
    importance: 0.00001,
    addresstype: "building",
    name: "",
    display_name: "12, Marine Parade, Kemptown, Brighton and Hove, East Sussex, England, BN2 1TL, United Kingdom",
    address: { house_number: "12", road: "Marine Parade", suburb: "Kemptown", ...BRIGHTON, postcode: "BN2 1TL" },
    extratags: {},
    boundingbox: ["50.8195900", "50.8197000", "-0.1312000", "-0.1310600"],
  },
  {
    layer: "poi",
    settlement: false,
    place_id: 98_765_432,
    osm_type: "node",
    osm_id: 4_305_520_218,
    lat: "50.8192640",
    lon: "-0.1332716",
    category: "amenity",
    type: "cafe",
    place_rank: 30,
    importance: 0.00001,
    addresstype: "amenity",
    name: "Marine Café",
    display_name:
      "Marine Café, 3, Madeira Drive, Kemptown, Brighton and Hove, East Sussex, England, BN2 1PS, United Kingdom",
    address: {
      amenity: "Marine Café",
      house_number: "3",
      road: "Madeira Drive",
      suburb: "Kemptown",
      ...BRIGHTON,
      postcode: "BN2 1PS",
    },
    extratags: {
      phone: "+44 1273 123456",
      website: "https://marinecafe.example",
      opening_hours: "Mo-Su 08:00-17:00",
      outdoor_seating: "yes",
    },
    boundingbox: ["50.8192140", "50.8193140", "-0.1333216", "-0.1332216"],
  },
  {
    layer: "poi",
    settlement: false,
    place_id: 55_501_234,
    osm_type: "node",
    osm_id: 6_110_203_344,
    lat: "53.4794892",
    lon: "-2.2451148",
    category: "amenity",
    type: "cafe",
    place_rank: 30,
    importance: 0.00001,
    addresstype: "amenity",
    name: "Marine Café",
    display_name: "Marine Café, 10, Deansgate, Manchester, Greater Manchester, England, M3 2BW, United Kingdom",
    address: { amenity: "Marine Café", house_number: "10", road: "Deansgate", city: "Manchester", postcode: "M3 2BW" },
    extratags: { "contact:phone": "+44 161 000 0000", "contact:website": "https://marine-mcr.example" },
    boundingbox: ["53.4794392", "53.4795392", "-2.2451648", "-2.2450648"],
  },
  {
    layer: "natural",
    settlement: false,
    place_id: 77_120_001,
    osm_type: "way",
    osm_id: 170_232_311,
    lat: "50.8180210",
    lon: "-0.1283122",
    category: "natural",
    type: "beach",
    place_rank: 22,
    importance: 0.1,
    addresstype: "natural",
    name: "Marine Beach",
    display_name: "Marine Beach, Kemptown, Brighton and Hove, East Sussex, England, United Kingdom",
    address: { natural: "Marine Beach", suburb: "Kemptown", ...BRIGHTON },
    extratags: {},
    boundingbox: ["50.8170000", "50.8190000", "-0.1300000", "-0.1260000"],
  },
];

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** A place as Nominatim's jsonv2 answers it: address and extratags only when asked for. */
function present(p: FakePlace, query: URLSearchParams): Record<string, unknown> {
  const { layer: _layer, settlement: _settlement, address, extratags, ...rest } = p;
  return {
    ...rest,
    licence: LICENCE,
    ...(query.get("addressdetails") === "1" ? { address } : {}),
    ...(query.get("extratags") === "1" ? { extratags } : {}),
  };
}

function search(query: URLSearchParams): FakeResponse {
  const words = fold(query.get("q") ?? "")
    .split(/[\s,]+/)
    .filter(Boolean);
  const layers = query.get("layer")?.split(",");
  const featureType = query.get("featureType");
  let found = NOMINATIM_PLACES.filter(
    (p) =>
      words.every((w) => fold(p.display_name).includes(w)) &&
      (!layers || layers.includes(p.layer)) &&
      (featureType !== "settlement" || p.settlement),
  );
  const box = query.get("viewbox")?.split(",").map(Number);
  if (box?.length === 4) {
    const [x1, y1, x2, y2] = box as [number, number, number, number];
    const inside = (p: FakePlace) =>
      Number(p.lon) >= Math.min(x1, x2) &&
      Number(p.lon) <= Math.max(x1, x2) &&
      Number(p.lat) >= Math.min(y1, y2) &&
      Number(p.lat) <= Math.max(y1, y2);
    // bounded=0 prefers what is inside the box; bounded=1 drops the rest.
    found = query.get("bounded") === "1" ? found.filter(inside) : found.sort((a, b) => +inside(b) - +inside(a));
  }
  return { json: found.slice(0, Number(query.get("limit") ?? 10)).map((p) => present(p, query)) };
}

function lookup(query: URLSearchParams): FakeResponse {
  const ids = (query.get("osm_ids") ?? "").split(",");
  const found = NOMINATIM_PLACES.filter((p) => ids.includes(`${p.osm_type[0]!.toUpperCase()}${p.osm_id}`));
  return { json: found.map((p) => present(p, query)) };
}

function reverse(query: URLSearchParams): FakeResponse {
  const lat = Number(query.get("lat"));
  const lon = Number(query.get("lon"));
  // Zoom 10 answers at city level: the nearest settlement within half a degree, or Nominatim's 200 "error".
  const near = NOMINATIM_PLACES.filter(
    (p) => p.settlement && Math.abs(Number(p.lat) - lat) < 0.5 && Math.abs(Number(p.lon) - lon) < 0.5,
  );
  return near[0] ? { json: present(near[0], query) } : { json: { error: "Unable to geocode" } };
}

/**
 * A fake Nominatim (format=jsonv2) over real HTTP: search with layer/featureType filters and viewbox bias,
 * lookup by osm_ids, reverse. `answerWith` makes every next request fail with that status (503 when overloaded).
 */
export async function startNominatimFake(port = 0) {
  const state: { answerWith: number | null } = { answerWith: null };
  const fake = await startFakeHttp((req: FakeRequest): FakeResponse => {
    if (state.answerWith) return { status: state.answerWith, body: "<html><body>Service unavailable</body></html>" };
    if (req.query.get("format") !== "jsonv2") return { status: 400, json: { error: { code: 400, message: "format" } } };
    if (req.path.endsWith("/search")) return search(req.query);
    if (req.path.endsWith("/lookup")) return lookup(req.query);
    if (req.path.endsWith("/reverse")) return reverse(req.query);
    return { status: 404, body: "Not Found" };
  }, port);
  return Object.assign(fake, { state });
}
