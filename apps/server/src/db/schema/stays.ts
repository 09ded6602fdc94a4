import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { properties } from "./properties.ts";
import { accounts } from "./users.ts";

/**
 * A stay: one guest party's booking of one property (decision 040). Days and times are the property's wall
 * clock; `check_in_at`/`check_out_at` are the instants they name in the property's zone, recomputed when the
 * zone changes. Contact details are erased after the retention period; dates and counts stay.
 */
export const stays = pgTable(
  "stays",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    guestFirstName: text("guest_first_name").notNull(),
    guestLastName: text("guest_last_name").notNull().default(""),
    /** The names lower-cased without accents, for the search (kept by the service with the names). */
    guestSearch: text("guest_search").notNull().default(""),
    guestEmail: text("guest_email"),
    guestPhone: text("guest_phone"),
    guestLanguage: text("guest_language").notNull(),
    adults: integer("adults").notNull().default(1),
    children: integer("children").notNull().default(0),
    checkInDate: date("check_in_date", { mode: "string" }).notNull(),
    checkInTime: text("check_in_time").notNull(),
    checkOutDate: date("check_out_date", { mode: "string" }).notNull(),
    checkOutTime: text("check_out_time").notNull(),
    checkInAt: timestamp("check_in_at", { withTimezone: true }).notNull(),
    checkOutAt: timestamp("check_out_at", { withTimezone: true }).notNull(),
    /** AES-GCM ciphertext (lib/secret-box.ts), like the guide passcode: retrievable by the host, sealed at rest. */
    doorCodeEncrypted: text("door_code_encrypted"),
    notes: text("notes"),
    source: text("source", { enum: ["manual", "feed", "csv", "api"] }).notNull(),
    sourceId: text("source_id"),
    /** The calendar feed it came from (the feeds' table comes with them; no foreign key yet). */
    feedId: uuid("feed_id"),
    channel: text("channel"),
    status: text("status", { enum: ["confirmed", "cancelled"] })
      .notNull()
      .default("confirmed"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    contactErasedAt: timestamp("contact_erased_at", { withTimezone: true }),
    /** "Show details now": the host released the stay's restricted details before the account's reveal. */
    detailsReleasedAt: timestamp("details_released_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One stay per event of a feed, and per reservation id of a property's other sources (CSV, API).
    uniqueIndex("stays_feed_source_unique")
      .on(t.feedId, t.sourceId)
      .where(sql`${t.feedId} is not null`),
    uniqueIndex("stays_property_source_unique")
      .on(t.propertyId, t.source, t.sourceId)
      .where(sql`${t.sourceId} is not null and ${t.feedId} is null`),
    // The list: an account's stays of one status in check-in order, keyset-paged on (check_in_at, id).
    index("stays_account_check_in_idx").on(t.accountId, t.status, t.checkInAt, t.id),
    // Upcoming: where the walk of the list's index starts, the earliest check-in among the confirmed stays whose
    // check-out is still ahead, read from this index alone (decision 040).
    index("stays_account_upcoming_idx")
      .on(t.accountId, t.checkOutAt, t.checkInAt)
      .where(sql`${t.status} = 'confirmed'`),
    // The property calendar, and the double-booking EXISTS from either end of a stay.
    index("stays_property_check_in_idx").on(t.propertyId, t.checkInAt),
    index("stays_property_check_out_idx").on(t.propertyId, t.checkOutAt),
    // Retention: stays whose contact details are still held, by check-out.
    index("stays_retention_idx")
      .on(t.checkOutAt)
      .where(sql`${t.contactErasedAt} is null`),
  ],
);

/**
 * A stay's guest link (decision 042): the token's SHA-256 to find the stay by (unique), and the token sealed
 * (lib/secret-box.ts) so the host can copy the same link again. One row per stay; a new link replaces it.
 */
export const stayLinks = pgTable(
  "stay_links",
  {
    stayId: uuid("stay_id")
      .primaryKey()
      .references(() => stays.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    tokenEncrypted: text("token_encrypted").notNull(),
    openedCount: integer("opened_count").notNull().default(0),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("stay_links_token_hash_unique").on(t.tokenHash)],
);

/** An account's reveal and end of stay details (decision 042); no row means the defaults. */
export const stayLinkSettings = pgTable("stay_link_settings", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** Days before check-in day whose 00:00 (the property's clock) reveals the details: 0, 1, 2, 3, 7 or 14. */
  revealDaysBefore: integer("reveal_days_before").notNull().default(1),
  endsAt: text("ends_at", { enum: ["check-out-time", "end-of-check-out-day"] })
    .notNull()
    .default("end-of-check-out-day"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
