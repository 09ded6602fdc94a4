/** Earth's diameter in km, as the original used it (XCUT-54). */
export const EARTH_DIAMETER_KM = 12742;

/** Destination search: start radius, step and maximum (SETUP-22, XCUT-54). */
export const DESTINATION_SEARCH = { startKm: 20, stepKm: 10, maxKm: 100 } as const;

export interface Destination {
  destinationId: string;
  lat: number;
  lng: number;
}

/** Great-circle distance in km (haversine with the original's earth diameter). */
export function distanceKm(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const h =
    0.5 -
    Math.cos((bLat - aLat) * rad) / 2 +
    (Math.cos(aLat * rad) * Math.cos(bLat * rad) * (1 - Math.cos((bLng - aLng) * rad))) / 2;
  return EARTH_DIAMETER_KM * Math.asin(Math.sqrt(h));
}

/**
 * Experience destinations near a property (SETUP-22): those within `maxDistanceKm`, or within 20 km when
 * unset; with no limit set and none found, the radius widens by 10 km up to 100 km. Nearest first.
 */
export function selectDestinations(
  destinations: readonly Destination[],
  lat: number,
  lng: number,
  maxDistanceKm: number | null,
): string[] {
  const withDistance = destinations
    .map((d) => ({ id: d.destinationId, km: distanceKm(lat, lng, d.lat, d.lng) }))
    .sort((a, b) => a.km - b.km);
  const within = (km: number) => withDistance.filter((d) => d.km <= km).map((d) => d.id);
  if (maxDistanceKm !== null) return within(maxDistanceKm);
  for (let km = DESTINATION_SEARCH.startKm; km <= DESTINATION_SEARCH.maxKm; km += DESTINATION_SEARCH.stepKm) {
    const found = within(km);
    if (found.length > 0) return found;
  }
  return [];
}
