import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { managers } from "./managers.ts";
import { accounts } from "./users.ts";

/** A property and its guide (PROP-01…03). `property_id` is the weblink: unique for ever, never reused. */
export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: text("property_id").notNull(),
    title: text("title").notNull(),
    coverKey: text("cover_key"),
    displayAddress: text("display_address"),
    formattedAddress: text("formatted_address"),
    addressLineOne: text("address_line_one"),
    addressLineTwo: text("address_line_two"),
    townCity: text("town_city"),
    county: text("county"),
    state: text("state"),
    postcode: text("postcode"),
    country: text("country"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    what3words: text("what3words"),
    showWhat3words: boolean("show_what3words").notNull().default(false),
    viatorDestinationIds: text("viator_destination_ids").array(),
    destinationsMaxDistanceKm: integer("destinations_max_distance_km"),
    defaultLanguage: text("default_language").notNull().default("en"),
    /**
     * IANA zone of the property's wall clock (stays' days and times). Taken from the pin by the offline lookup
     * while `timeZoneSource` is not "chosen"; "account" until a pin is known (the account's zone, else UTC).
     */
    timeZone: text("time_zone").notNull().default("UTC"),
    timeZoneSource: text("time_zone_source", { enum: ["account", "pin", "chosen"] })
      .notNull()
      .default("account"),
    defaultCheckInTime: text("default_check_in_time").notNull().default("15:00"),
    defaultCheckOutTime: text("default_check_out_time").notNull().default("11:00"),
    languageTranslations: text("language_translations")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    managerId: uuid("manager_id").references(() => managers.id, { onDelete: "set null" }),
    hexPrimary: text("hex_primary"),
    hexSecondary: text("hex_secondary"),
    companyProfile: boolean("company_profile").notNull().default(false),
    themeLabel: text("theme_label", { enum: ["default", "custom", "city", "countryside", "seaside"] })
      .notNull()
      .default("default"),
    /** AES-GCM ciphertext of the 6-digit passcode (OPEN-66: retrievable by the host, encrypted at rest). */
    passcodeEncrypted: text("passcode_encrypted"),
    /** Rotated whenever the passcode changes, signing every guest out (PROP-25). */
    guideSessionToken: text("guide_session_token").notNull(),
    // New properties are inserted as drafts (false) by the properties service (decision 020); the column's
    // default stays true for the rows made before that, which no migration changes.
    published: boolean("published").notNull().default(true),
    active: boolean("active").notNull().default(true),
    isShared: boolean("is_shared").notNull().default(false),
    inboundMessagingActive: boolean("inbound_messaging_active").notNull().default(false),
    outboundMessagingActive: boolean("outbound_messaging_active").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    purgedAt: timestamp("purged_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("properties_property_id_unique").on(t.propertyId),
    index("properties_account_recent_idx").on(t.accountId, t.updatedAt),
    // The property list (HOME-21): its page is the last rows of this index, read backwards, and its count reads
    // the index alone; only listed properties (not archived, not the shared-content one) are in it.
    index("properties_listed_recent_idx")
      .on(t.accountId, t.updatedAt, t.id)
      .where(sql`${t.archivedAt} is null and not ${t.isShared}`),
    index("properties_manager_id_idx").on(t.managerId),
  ],
);
