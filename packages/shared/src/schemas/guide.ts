import { z } from "zod";
import { text } from "./text.ts";
import { PASSCODE_PATTERN } from "../rules/property.ts";
import { copy } from "../copy.ts";
import { isLanguageCode } from "../languages.ts";
import { SubItemDto } from "./content.ts";

/** The guide's 6-digit passcode form (GUIDE-07, PROP-24), posted as a form or as JSON. */
export const UnlockGuideRequest = z.object({
  passcode: text().trim().regex(PASSCODE_PATTERN, copy.guide.passcodeFormat),
  lang: text().max(12).optional(),
});
export type UnlockGuideRequest = z.infer<typeof UnlockGuideRequest>;

export const UnlockGuideResponse = z.object({ unlocked: z.literal(true) });
export type UnlockGuideResponse = z.infer<typeof UnlockGuideResponse>;

/** A short-lived signed link that shows the guide to its owner even when inactive or protected (OPEN-57). */
export const PreviewLinkResponse = z.object({ url: text(), expiresAt: text() });
export type PreviewLinkResponse = z.infer<typeof PreviewLinkResponse>;

export const DEVICE_TYPES = ["desktop", "tablet", "mobile"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * One guide visit as the guide reports it (IMPL-05, ANL-05): the server derives property owner and device
 * type; the tracking session id is random per browser session (sessionStorage), never personal.
 */
export const RecordVisitRequest = z.object({
  propertyId: text().min(1).max(60),
  trackingSessionId: text().regex(/^[A-Za-z0-9_-]{16,64}$/),
  // A campaign tag we cannot store is dropped, never the visit (a shared link may carry anything).
  utmSource: text()
    .max(40)
    .regex(/^[A-Za-z0-9._-]*$/)
    .nullish()
    .catch(null),
  // The page's language when it loaded (decision 045): a session's one language in the languages table, so
  // that table adds up to the sessions. Optional for pages cached before it; one we cannot read is dropped.
  language: text().max(12).refine(isLanguageCode).nullish().catch(null),
});
export type RecordVisitRequest = z.infer<typeof RecordVisitRequest>;

/** A guide section's key: its category label (GUIDE-10), as the page's anchors carry it. */
const SectionKey = text().regex(/^[a-z0-9][a-z0-9-]{0,59}$/);
const ItemKey = text().uuid();

/**
 * What a guest's session looked at (section analytics): the top-level sections and the items that were on
 * screen long enough to be read, and the language the page was in (not counted: the visit carries the
 * session's language, decision 045). Sent while the page is open, every few seconds when there is something
 * new, and when it is hidden; a repeated key is counted once per session and day. Bounded so one beacon stays small.
 */
export const RecordEngagementRequest = z.object({
  propertyId: text().min(1).max(60),
  trackingSessionId: RecordVisitRequest.shape.trackingSessionId,
  language: text().max(12).refine(isLanguageCode),
  sections: z.array(SectionKey).max(60).default([]),
  items: z.array(ItemKey).max(300).default([]),
});
export type RecordEngagementRequest = z.infer<typeof RecordEngagementRequest>;

/** One item as guests see it: already translated, rich text sanitised, nothing of the owner's (IMPL-02). */
export const GuideItem = z.object({
  id: text(),
  title: text(),
  detailText: text(),
  describe: text().nullable(),
  locate: text().nullable(),
  operate: text().nullable(),
  webLink: text().nullable(),
  imageUrl: text().nullable(),
  videoUrl: text().nullable(),
  documentUrl: text().nullable(),
  what3words: text().nullable(),
  featured: z.boolean(),
  /** For booked guests only: here with its title alone (decision 042). */
  restricted: z.boolean(),
  /** The Wi-Fi password is held back here (decision 046): not in the text, no join code, no copy button. */
  passwordRestricted: z.boolean(),
  /** Shown in English because nobody translated it yet (OPEN-44). */
  untranslated: z.boolean(),
  subItems: z.array(SubItemDto),
});
export type GuideItem = z.infer<typeof GuideItem>;

export interface GuideSectionJson {
  label: string;
  title: string;
  items: GuideItem[];
  sections: GuideSectionJson[];
}
export const GuideSectionJson: z.ZodType<GuideSectionJson> = z.lazy(() =>
  z.object({ label: text(), title: text(), items: z.array(GuideItem), sections: z.array(GuideSectionJson) }),
);

/**
 * A recommended place as guests see it (GUIDE-10/15): links already checked (http(s) website, `tel:` phone,
 * a maps directions link); no provider ids or photo references. No pin: `lat`/`lng` null, not on the map.
 */
export const GuidePlace = z.object({
  id: text(),
  title: text(),
  /** The host's plain text, as written (shown escaped), in the guide's language when translated. */
  detailText: text(),
  /** The text is the English original for want of a translation (the page marks it `lang="en"`). */
  untranslated: z.boolean(),
  address: text().nullable(),
  phone: text().nullable(),
  telUrl: text().nullable(),
  webLink: text().nullable(),
  /** Null when the place has neither a pin nor an address: the guide shows no Directions button then. */
  directionsUrl: text().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  rating: z.number().nullable(),
  imageUrl: text().nullable(),
});
export type GuidePlace = z.infer<typeof GuidePlace>;

/** One place category's places in the guide, in LOCAL-05's order, each by ListRank. */
export const GuidePlaceGroup = z.object({ label: text(), title: text(), places: z.array(GuidePlace) });
export type GuidePlaceGroup = z.infer<typeof GuidePlaceGroup>;

/**
 * The public guide read API (IMPL-02): by PropertyID, guest-safe data only. A passcode-protected guide the
 * caller has not unlocked answers `locked: true` with the cover and title and nothing else (GUIDE-07).
 */
export const GuideResponse = z.object({
  propertyId: text(),
  title: text(),
  coverUrl: text().nullable(),
  locked: z.boolean(),
  language: text(),
  languages: z.array(text()),
  theme: z.object({
    primary: text(),
    secondary: text(),
    background: text(),
    brandName: text().nullable(),
    logoUrl: text().nullable(),
    iconUrl: text().nullable(),
  }),
  displayAddress: text().nullable(),
  what3words: text().nullable(),
  host: z
    .object({
      name: text(),
      photoUrl: text().nullable(),
      email: text().nullable(),
      tel: text().nullable(),
      messageAppName: text().nullable(),
      messageAppLink: text().nullable(),
    })
    .nullable(),
  sections: z.array(GuideSectionJson),
  /** Local recommendations: the property's own places and those of its attached profiles (GUIDE-10/15). */
  places: z.array(GuidePlaceGroup),
  updatedAt: text().nullable(),
});
export type GuideResponse = z.infer<typeof GuideResponse>;
