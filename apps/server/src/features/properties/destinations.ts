import fs from "node:fs";
import { z } from "zod";
import { selectDestinations, type Destination } from "@doorstep/shared/rules/destinations";

// The original's viatorDestinations.json shape: destinationId with a centre point (SETUP-22).
const DestinationsFile = z.array(
  z.object({
    destinationId: z.union([z.string(), z.number()]).transform(String),
    center: z.object({ latitude: z.number(), longitude: z.number() }),
  }),
);

export interface DestinationIndex {
  /** Destination ids for a point (SETUP-22), or null when no reference data is configured or it failed. */
  near(lat: number, lng: number, maxDistanceKm: number | null): string[] | null;
}

/**
 * Experience destinations as reference data (OPEN-61): the partner's destinations file, named by
 * VIATOR_DESTINATIONS_FILE, loaded once on first use. Without it, properties store null (docs/decisions/005).
 */
export function createDestinationIndex(
  file: string | undefined,
  log: { warn(obj: object, msg: string): void },
): DestinationIndex {
  let destinations: Destination[] | null | undefined;
  const load = (): Destination[] | null => {
    if (destinations !== undefined) return destinations;
    if (!file) return (destinations = null);
    try {
      destinations = DestinationsFile.parse(JSON.parse(fs.readFileSync(file, "utf8"))).map((d) => ({
        destinationId: d.destinationId,
        lat: d.center.latitude,
        lng: d.center.longitude,
      }));
    } catch (err) {
      log.warn({ err, file }, "destinations file could not be read; experience destinations are skipped");
      destinations = null;
    }
    return destinations;
  };
  return {
    near(lat, lng, maxDistanceKm) {
      const all = load();
      return all ? selectDestinations(all, lat, lng, maxDistanceKm) : null;
    },
  };
}
