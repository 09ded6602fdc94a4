import { z } from "zod";
import { PASSCODE_PATTERN, THREE_WORDS } from "../rules/property.ts";
import { copy } from "../copy.ts";
import { isLanguageCode } from "../languages.ts";
import { THEME_LABELS } from "../constants.ts";
import { ClearableText, HexColour, PageQuery } from "./common.ts";

const LanguageCode = z.string().refine(isLanguageCode, "Unknown language code");

/** The weblink a host types: form is checked here, uniqueness by the server (PROP-09…12). */
export const Weblink = z.string().trim().min(1).max(60);

/**
 * A what3words address as stored: word.word.word (SETUP-14), "///" dropped, "" or null to clear it.
 * Whether the words exist is the service's to say (GET /api/what3words); this checks their form.
 */
export const What3words = z
  .string()
  .trim()
  .max(120)
  .transform((v) => v.replace(/^\/+/, ""))
  .refine((v) => v === "" || THREE_WORDS.test(v), copy.basicSetup.wordsHint)
  .transform((v) => (v === "" ? null : v))
  .nullable();

export const PropertyAddress = z.object({
  formatted: z.string().trim().min(1).max(500),
  lineOne: z.string().trim().max(200).nullable(),
  lineTwo: z.string().trim().max(200).nullable(),
  townCity: z.string().trim().max(200).nullable(),
  county: z.string().trim().max(200).nullable(),
  state: z.string().trim().max(200).nullable(),
  postcode: z.string().trim().max(40).nullable(),
  country: z.string().trim().max(100).nullable(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type PropertyAddress = z.infer<typeof PropertyAddress>;

export const InactiveReason = z.enum(["subscription", "deactivated", "hidden"]);

/** A property card in lists (HOME-08…10, PROP-05). */
export const PropertySummary = z.object({
  propertyId: z.string(),
  title: z.string(),
  coverImageUrl: z.string().nullable(),
  address: z.string().nullable(),
  live: z.boolean(),
  updatedAt: z.string(),
});
export type PropertySummary = z.infer<typeof PropertySummary>;

export const PropertyListQuery = PageQuery.extend({
  search: z.string().trim().max(200).optional(),
});
export type PropertyListQuery = z.infer<typeof PropertyListQuery>;

export const PropertyListResponse = z.object({
  items: z.array(PropertySummary),
  nextCursor: z.string().nullable(),
  /** All non-archived, non-shared properties of the account (HOME-10's "View all ({count})"). */
  total: z.number().int(),
});
export type PropertyListResponse = z.infer<typeof PropertyListResponse>;

export const PropertyManagerCard = z.object({
  vanityId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  email: z.string().nullable(),
  tel: z.string().nullable(),
  isDefault: z.boolean(),
});

/** Everything the overview and Basic Setup show (PROP-01…03); passcode is the owner's to see (OPEN-66). */
export const PropertyDto = z.object({
  propertyId: z.string(),
  title: z.string(),
  coverImageUrl: z.string().nullable(),
  displayAddress: z.string().nullable(),
  address: PropertyAddress.nullable(),
  what3words: z.string().nullable(),
  showWhat3words: z.boolean(),
  defaultLanguage: z.string(),
  languageTranslations: z.array(z.string()),
  manager: PropertyManagerCard.nullable(),
  hexPrimary: z.string().nullable(),
  hexSecondary: z.string().nullable(),
  companyProfile: z.boolean(),
  themeLabel: z.enum(THEME_LABELS),
  passcode: z.string().nullable(),
  published: z.boolean(),
  active: z.boolean(),
  live: z.boolean(),
  inactiveReason: InactiveReason.nullable(),
  basicSetupComplete: z.boolean(),
  inboundMessagingActive: z.boolean(),
  outboundMessagingActive: z.boolean(),
  guideUrl: z.string(),
  qrUrl: z.string(),
  qrPngUrl: z.string(),
  qrSvgUrl: z.string(),
  posterUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PropertyDto = z.infer<typeof PropertyDto>;

export const PropertyResponse = z.object({ property: PropertyDto });
export type PropertyResponse = z.infer<typeof PropertyResponse>;

export const CheckWeblinkRequest = z.object({ propertyId: Weblink });
export type CheckWeblinkRequest = z.infer<typeof CheckWeblinkRequest>;
export const CheckWeblinkResponse = z.object({ available: z.boolean() });
export type CheckWeblinkResponse = z.infer<typeof CheckWeblinkResponse>;

export const CreatePropertyRequest = z.object({
  title: z.string().trim().min(1).max(120),
  propertyId: Weblink,
});
export type CreatePropertyRequest = z.infer<typeof CreatePropertyRequest>;

/** Owner-editable fields only (SETUP-04); the schema refuses everything else. */
export const UpdatePropertyRequest = z
  .object({
    title: z.string().trim().min(1).max(120),
    displayAddress: ClearableText(500),
    address: PropertyAddress,
    what3words: What3words,
    showWhat3words: z.boolean(),
    defaultLanguage: LanguageCode,
    languageTranslations: z.array(LanguageCode).max(120),
    managerVanityId: z.string().regex(/^\d{8}$/),
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
  passcode: z.string().regex(PASSCODE_PATTERN, copy.properties.passcodeError).nullable(),
});
export type SetPasscodeRequest = z.infer<typeof SetPasscodeRequest>;
