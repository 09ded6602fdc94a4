import { z } from "zod";
import { text } from "./text.ts";
import { PageQuery } from "./common.ts";
import { WebLink } from "./content.ts";
import { PLACE_CATEGORIES, PLACE_TEXT_MAX, PROFILE_TITLE_MAX } from "../rules/local-area.ts";
import { TITLE_MAX } from "../rules/content.ts";
import { isLanguageCode } from "../languages.ts";

export const PlaceCategoryLabel = z.enum(PLACE_CATEGORIES);

const Lat = z.number().min(-90).max(90);
const Lng = z.number().min(-180).max(180);
/** Plain text that may be blank: "" and null both clear it. */
const Clearable = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

// ---------- profiles (LOCAL-15…26) ----------

/** LOCAL-17/18: a name, and the nearest town or city chosen from the places search (its id). */
export const CreateProfileRequest = z.object({
  title: text().trim().min(1).max(PROFILE_TITLE_MAX),
  placeId: text().trim().min(1).max(300),
});
export type CreateProfileRequest = z.infer<typeof CreateProfileRequest>;

export const ProfileSummary = z.object({
  id: z.uuid(),
  label: text(),
  title: text(),
  townCity: text().nullable(),
  country: text().nullable(),
  /** LOCAL-22: the town's photo, when the places provider has one. */
  coverUrl: text().nullable(),
  placeCount: z.number().int(),
});
export type ProfileSummary = z.infer<typeof ProfileSummary>;

/** LOCAL-15/16: the profiles list comes a page at a time, by title (docs/architecture.md §4). */
export const PROFILES_PAGE_SIZE = 50;
export const ProfileListQuery = PageQuery;
export type ProfileListQuery = z.infer<typeof ProfileListQuery>;
export const ProfilesResponse = z.object({ items: z.array(ProfileSummary), nextCursor: text().nullable() });
export type ProfilesResponse = z.infer<typeof ProfilesResponse>;
export const ProfileResponse = z.object({ profile: ProfileSummary });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

// ---------- places (LOCAL-06…14) ----------

/** A host's words for a place in one guide language; a blank field falls back to machine translation or English. */
export const PlaceTranslation = z.object({
  language: text().refine((c) => isLanguageCode(c) && c !== "en", "A translation language other than English (en)"),
  title: Clearable(TITLE_MAX),
  detailText: Clearable(PLACE_TEXT_MAX),
});
export type PlaceTranslation = z.infer<typeof PlaceTranslation>;
const PlaceTranslations = z
  .array(PlaceTranslation)
  .max(100)
  .refine((ts) => new Set(ts.map((t) => t.language)).size === ts.length, "One translation per language");

export const LocalPlaceDto = z.object({
  id: z.uuid(),
  categoryLabel: PlaceCategoryLabel,
  title: text(),
  detailText: text(),
  webLink: text().nullable(),
  phone: text().nullable(),
  address: text().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Found through the places search (not a custom place). */
  fromSearch: z.boolean(),
  rating: z.number().nullable(),
  placeType: text().nullable(),
  imageUrl: text().nullable(),
  listRank: z.number().int(),
  contentVersion: z.number().int(),
  translations: z.array(z.object({ language: text(), title: text().nullable(), detailText: text().nullable() })),
});
export type LocalPlaceDto = z.infer<typeof LocalPlaceDto>;

/** A custom place's fields (LOCAL-11); the pin is both coordinates or neither (LOCAL-12). */
export const PlaceFields = z.object({
  title: text().trim().min(1).max(TITLE_MAX),
  detailText: text().trim().max(PLACE_TEXT_MAX),
  webLink: WebLink,
  phone: Clearable(40),
  address: Clearable(300),
  lat: Lat.nullable(),
  lng: Lng.nullable(),
});

const bothOrNeither = (v: { lat?: number | null; lng?: number | null }) =>
  (v.lat === undefined) === (v.lng === undefined) && (v.lat === null) === (v.lng === null);
const PIN_MESSAGE = "A pin needs both latitude and longitude.";

export const AddPlaceRequest = z.discriminatedUnion("source", [
  /** LOCAL-07/09/10: a result of the places search; the server looks its details up. */
  z.object({ source: z.literal("search"), categoryLabel: PlaceCategoryLabel, placeId: text().trim().min(1).max(300) }),
  /** LOCAL-11: a place the host describes and pins. */
  z
    .object({
      source: z.literal("custom"),
      categoryLabel: PlaceCategoryLabel,
      title: PlaceFields.shape.title,
      detailText: PlaceFields.shape.detailText.default(""),
      webLink: PlaceFields.shape.webLink.default(null),
      phone: PlaceFields.shape.phone.default(null),
      address: PlaceFields.shape.address.default(null),
      lat: PlaceFields.shape.lat.default(null),
      lng: PlaceFields.shape.lng.default(null),
      translations: PlaceTranslations.default([]),
    })
    .refine(bothOrNeither, { message: PIN_MESSAGE, path: ["lat"] }),
]);
export type AddPlaceRequest = z.infer<typeof AddPlaceRequest>;
/** What a client sends (defaults not yet applied). */
export type AddPlaceInput = z.input<typeof AddPlaceRequest>;

export const UpdatePlaceRequest = PlaceFields.extend({
  categoryLabel: PlaceCategoryLabel,
  /** Replaces the place's translations: a language left out is removed. */
  translations: PlaceTranslations,
})
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" })
  .refine(bothOrNeither, { message: PIN_MESSAGE, path: ["lat"] });
export type UpdatePlaceRequest = z.infer<typeof UpdatePlaceRequest>;
export type UpdatePlaceInput = z.input<typeof UpdatePlaceRequest>;

export const PlaceResponse = z.object({ place: LocalPlaceDto });
export type PlaceResponse = z.infer<typeof PlaceResponse>;

/** LOCAL-06: the new order of one category's places, all of them. */
export const ReorderPlacesRequest = z.object({
  categoryLabel: PlaceCategoryLabel,
  placeIds: z.array(z.uuid()).min(1).max(500),
});
export type ReorderPlacesRequest = z.infer<typeof ReorderPlacesRequest>;

// ---------- the pages (LOCAL-01…04) ----------

export const LocalAreaPageResponse = z.object({
  owner: z.object({
    kind: z.enum(["property", "profile"]),
    /** The property's weblink, or the profile's label. */
    key: text(),
    title: text(),
    /** Where the places search is biased (XCUT-53); null when the property has no location yet. */
    centre: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    /** The guide languages a place may be translated into: the property's, or all the account's for a profile. */
    languages: z.array(text()),
  }),
  /** A property's page: the account's profiles and whether each is attached (LOCAL-02). */
  profiles: z.array(ProfileSummary.extend({ attached: z.boolean() })),
  places: z.array(LocalPlaceDto),
});
export type LocalAreaPageResponse = z.infer<typeof LocalAreaPageResponse>;

export const AttachProfileResponse = z.object({ attached: z.boolean() });
