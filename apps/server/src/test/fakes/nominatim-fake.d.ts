import { type FakeRequest } from "./http-fake.ts";
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
/** A few real-looking Brighton objects and a café of the same name far away (for the viewbox bias). */
export declare const NOMINATIM_PLACES: FakePlace[];
/**
 * A fake Nominatim (format=jsonv2) over real HTTP: search with layer/featureType filters and viewbox bias,
 * lookup by osm_ids, reverse. `answerWith` makes every next request fail with that status (503 when overloaded).
 */
export declare function startNominatimFake(port?: number): Promise<
  {
    url: string;
    requests: FakeRequest[];
    close(): Promise<void>;
  } & {
    state: {
      answerWith: number | null;
    };
  }
>;
export {};
