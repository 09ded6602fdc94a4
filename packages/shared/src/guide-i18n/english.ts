import { copy } from "../copy.ts";
import type { PlaceCategory } from "../rules/local-area.ts";

const places = copy.localArea;

/**
 * The English guest-facing labels: the guide, its passcode gate and messages page, the local places, and
 * the system content categories' titles. Taken from the copy catalogue (one source of truth); every other
 * language is typed by this shape, so a missing key is a type error.
 */
export const englishGuideLabels = {
  guide: copy.guide,
  messaging: copy.guestMessaging,
  stay: copy.guestStay,
  places: {
    guideTitle: places.guideTitle,
    directions: places.directions,
    website: places.website,
    call: places.call,
    showMap: places.showMap,
    mapLabel: places.mapLabel,
    mapUnavailable: places.mapUnavailable,
    rating: places.rating,
    yourStay: places.yourStay,
    categories: Object.fromEntries(Object.entries(places.categories).map(([k, v]) => [k, v.title])) as Record<
      PlaceCategory,
      string
    >,
  },
  // The system content categories (apps/server/src/features/content/catalogue/categories.json) by label;
  // a server test checks these titles against that file.
  categories: {
    arrival: "Arrival & check-in",
    "wifi-and-tech": "Wi-Fi & tech",
    "house-rules": "House rules",
    "the-home": "The home",
    appliances: "Appliances",
    kitchen: "Kitchen",
    laundry: "Laundry",
    "heating-and-cooling": "Heating & cooling",
    entertainment: "Entertainment",
    "getting-around": "Getting around & parking",
    safety: "Safety & emergencies",
    "check-out": "Check-out",
    "local-area": "Local area",
    "guest-messages": "Messages",
    "beach-and-coast": "Beach & coast",
    "countryside-living": "Countryside living",
    "city-living": "City living",
  },
} as const;

/** Literal strings widened to string, functions kept with their parameters: the shape a translation fills. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => unknown
    ? (...args: A) => string
    : { [K in keyof T]: Widen<T[K]> };

/** Every guest-facing label of the guide in one language. */
export type GuideLabels = Widen<typeof englishGuideLabels>;
