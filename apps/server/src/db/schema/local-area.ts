import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { translationCacheTable } from "./translation-cache.ts";
import { properties } from "./properties.ts";
import { accounts } from "./users.ts";

/**
 * A local-area profile (LOCAL-15…26): places in one town, written once and attached to every property
 * there. The label is the profile's address in the dashboard, unique per account (OPEN-55).
 */
export const localAreaProfiles = pgTable(
  "local_area_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    title: text("title").notNull(),
    /** The nearest town or city, from the places provider (LOCAL-17/20). */
    placeId: text("place_id"),
    townCity: text("town_city"),
    county: text("county"),
    state: text("state"),
    country: text("country"),
    formattedAddress: text("formatted_address"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    /** LOCAL-22: the town's photo from the places provider, stored as our own file; none offline. */
    coverKey: text("cover_key"),
    ...timestamps,
  },
  (t) => [uniqueIndex("local_area_profiles_account_label").on(t.accountId, t.label)],
);

/** A profile attached to a property (LOCAL-02, SHARED-06/10): its places show in that property's guide. */
export const localAreaProfileLinks = pgTable(
  "local_area_profile_links",
  {
    profileId: uuid("profile_id")
      .notNull()
      .references(() => localAreaProfiles.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.propertyId] }),
    index("local_area_profile_links_property_idx").on(t.propertyId),
  ],
);

/**
 * A recommended place (LOCAL-10/11, CONT-10): of one property, or of one local-area profile, in one of the
 * place categories (LOCAL-05). A place found through the provider keeps the provider's id, photo reference
 * and rating; a custom place has none. Without coordinates it is listed but not mapped (LOCAL-12).
 */
export const localPlaces = pgTable(
  "local_places",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "cascade" }),
    profileId: uuid("profile_id").references(() => localAreaProfiles.id, { onDelete: "cascade" }),
    categoryLabel: text("category_label").notNull(),
    title: text("title").notNull(),
    detailText: text("detail_text").notNull().default(""),
    webLink: text("web_link"),
    phone: text("phone"),
    address: text("address"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    providerPlaceId: text("provider_place_id"),
    photoReference: text("photo_reference"),
    rating: real("rating"),
    placeType: text("place_type"),
    imageKey: text("image_key"),
    listRank: integer("list_rank").notNull(),
    contentVersion: integer("content_version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check("local_places_one_owner", sql`num_nonnulls(${t.propertyId}, ${t.profileId}) = 1`),
    index("local_places_property_idx").on(t.propertyId, t.categoryLabel, t.listRank),
    index("local_places_profile_idx").on(t.profileId, t.categoryLabel, t.listRank),
    // LOCAL-08: a provider's place once per list owner, whatever its category.
    uniqueIndex("local_places_property_place_unique")
      .on(t.propertyId, t.providerPlaceId)
      .where(sql`${t.providerPlaceId} is not null and ${t.propertyId} is not null`),
    uniqueIndex("local_places_profile_place_unique")
      .on(t.profileId, t.providerPlaceId)
      .where(sql`${t.providerPlaceId} is not null and ${t.profileId} is not null`),
  ],
);

/** A host's translation of a place's name and recommendation, one per place and language (as CONT-28 for items). */
export const localPlaceTranslations = pgTable(
  "local_place_translations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placeId: uuid("place_id")
      .notNull()
      .references(() => localPlaces.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title"),
    detailText: text("detail_text"),
    ...timestamps,
  },
  (t) => [uniqueIndex("local_place_translations_place_language").on(t.placeId, t.language)],
);

/** Machine translations of a place's blank fields, per (place, ContentVersion, language), as for items (OPEN-44). */
export const localPlaceTranslationCache = translationCacheTable("local_place_translation_cache", {
  key: "placeId",
  column: "place_id",
  references: () => localPlaces.id,
});
