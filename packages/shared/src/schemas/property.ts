import { z } from "zod";
import { text } from "./text.ts";
import { PASSCODE_PATTERN, THREE_WORDS } from "../rules/property.ts";
import { copy } from "../copy.ts";
import { isLanguageCode } from "../languages.ts";
import { THEME_LABELS } from "../constants.ts";
import { ClearableText, HexColour, PageQuery } from "./common.ts";
import { isTimeZone } from "../rules/analytics.ts";
import { isTimeOfDay } from "../rules/zoned-time.ts";

const LanguageCode = text().refine(isLanguageCode, "Unknown language code");

/** The weblink a host types: form is checked here, uniqueness by the server (PROP-09…12). */
export const Weblink = text().trim().min(1).max(60);

/**
 * A what3words address as stored: word.word.word (SETUP-14), "///" dropped, "" or null to clear it.
 * Whether the words exist is the service's to say (GET /api/what3words); this checks their form.
 */
export const What3words = text()
  .trim()
  .max(120)
  .transform((v) => v.replace(/^\/+/, ""))
  .refine((v) => v === "" || THREE_WORDS.test(v), copy.basicSetup.wordsHint)
  .transform((v) => (v === "" ? null : v))
  .nullable();

export const PropertyAddress = z.object({
  formatted: text().trim().min(1).max(500),
  lineOne: text().trim().max(200).nullable(),
  lineTwo: text().trim().max(200).nullable(),
  townCity: text().trim().max(200).nullable(),
  county: text().trim().max(200).nullable(),
  state: text().trim().max(200).nullable(),
  postcode: text().trim().max(40).nullable(),
  country: text().trim().max(100).nullable(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type PropertyAddress = z.infer<typeof PropertyAddress>;

export const InactiveReason = z.enum(["subscription", "deactivated", "hidden"]);

/** A property card in lists (HOME-08…10, PROP-05). */
export const PropertySummary = z.object({
  propertyId: text(),
  title: text(),
  coverImageUrl: text().nullable(),
  address: text().nullable(),
  live: z.boolean(),
  /** Guests can write from the guide (OPEN-51: inbound and outbound together). */
  messagingActive: z.boolean(),
  updatedAt: text(),
});
export type PropertySummary = z.infer<typeof PropertySummary>;

export const PropertyListQuery = PageQuery.extend({
  search: text().trim().max(200).optional(),
});
export type PropertyListQuery = z.infer<typeof PropertyListQuery>;

export const PropertyListResponse = z.object({
  items: z.array(PropertySummary),
  nextCursor: text().nullable(),
  /** All non-archived, non-shared properties of the account (HOME-10's "View all ({count})"). */
  total: z.number().int(),
});
export type PropertyListResponse = z.infer<typeof PropertyListResponse>;

/** "Select all" on the properties list (BULK): every property matching the search, across pages. */
export const PropertyIdsQuery = z.object({
  search: text().trim().max(200).optional(),
});
export type PropertyIdsQuery = z.infer<typeof PropertyIdsQuery>;

export const PropertyIdsResponse = z.object({
  /** Weblink ids in list order, at most one bulk update's worth. */
  ids: z.array(text()),
  /** How many properties match; more than `ids` when the match exceeds one bulk update. */
  total: z.number().int(),
});
export type PropertyIdsResponse = z.infer<typeof PropertyIdsResponse>;

export const PropertyManagerCard = z.object({
  vanityId: text(),
  firstName: text(),
  lastName: text(),
  photoUrl: text().nullable(),
  email: text().nullable(),
  tel: text().nullable(),
  isDefault: z.boolean(),
});

/** Everything the overview and Basic Setup show (PROP-01…03); passcode is the owner's to see (OPEN-66). */
export const PropertyDto = z.object({
  propertyId: text(),
  title: text(),
  coverImageUrl: text().nullable(),
  displayAddress: text().nullable(),
  address: PropertyAddress.nullable(),
  what3words: text().nullable(),
  showWhat3words: z.boolean(),
  defaultLanguage: text(),
  languageTranslations: z.array(text()),
  /** IANA zone of the property's stays; from the pin until the host chooses one (`timeZoneChosen`). */
  timeZone: text(),
  timeZoneChosen: z.boolean(),
  /** HH:MM, the property's wall clock: what a stay takes when it names no time. */
  defaultCheckInTime: text(),
  defaultCheckOutTime: text(),
  manager: PropertyManagerCard.nullable(),
  hexPrimary: text().nullable(),
  hexSecondary: text().nullable(),
  companyProfile: z.boolean(),
  themeLabel: z.enum(THEME_LABELS),
  passcode: text().nullable(),
  published: z.boolean(),
  active: z.boolean(),
  live: z.boolean(),
  inactiveReason: InactiveReason.nullable(),
  basicSetupComplete: z.boolean(),
  inboundMessagingActive: z.boolean(),
  outboundMessagingActive: z.boolean(),
  guideUrl: text(),
  qrUrl: text(),
  qrPngUrl: text(),
  qrSvgUrl: text(),
  posterUrl: text(),
  /** The poster as a one-page PDF; `?paper=letter` for US Letter (A4 by default), as for `posterUrl`. */
  posterPdfUrl: text(),
  createdAt: text(),
  updatedAt: text(),
});
export type PropertyDto = z.infer<typeof PropertyDto>;

export const PropertyResponse = z.object({ property: PropertyDto });
export type PropertyResponse = z.infer<typeof PropertyResponse>;

export const CheckWeblinkRequest = z.object({ propertyId: Weblink });
export type CheckWeblinkRequest = z.infer<typeof CheckWeblinkRequest>;
export const CheckWeblinkResponse = z.object({ available: z.boolean() });
export type CheckWeblinkResponse = z.infer<typeof CheckWeblinkResponse>;

export const CreatePropertyRequest = z.object({
  title: text().trim().min(1).max(120),
  propertyId: Weblink,
});
export type CreatePropertyRequest = z.infer<typeof CreatePropertyRequest>;

/** Owner-editable fields only (SETUP-04); the schema refuses everything else. */
export const UpdatePropertyRequest = z
  .object({
    title: text().trim().min(1).max(120),
    displayAddress: ClearableText(500),
    address: PropertyAddress,
    what3words: What3words,
    showWhat3words: z.boolean(),
    defaultLanguage: LanguageCode,
    languageTranslations: z.array(LanguageCode).max(120),
    /** Chosen by hand: the pin no longer changes it. */
    timeZone: text().max(64).refine(isTimeZone, copy.analytics.invalidTimeZone),
    defaultCheckInTime: text().refine(isTimeOfDay, copy.stays.invalidTime),
    defaultCheckOutTime: text().refine(isTimeOfDay, copy.stays.invalidTime),
    managerVanityId: text().regex(/^\d{8}$/),
    hexPrimary: HexColour.nullable(),
    hexSecondary: HexColour.nullable(),
    companyProfile: z.boolean(),
    themeLabel: z.enum(THEME_LABELS),
    published: z.boolean(),
    inboundMessagingActive: z.boolean(),
    outboundMessagingActive: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdatePropertyRequest = z.infer<typeof UpdatePropertyRequest>;

/** Set (6 digits) or remove (null) the guide passcode (PROP-24, PROP-25). */
export const SetPasscodeRequest = z.object({
  passcode: text().regex(PASSCODE_PATTERN, copy.properties.passcodeError).nullable(),
});
export type SetPasscodeRequest = z.infer<typeof SetPasscodeRequest>;
