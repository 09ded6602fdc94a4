import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { properties } from "./properties.ts";
import { accounts } from "./users.ts";

/**
 * A property's calendar (iCal) feed (decision 041): its link sealed at rest (a secret link, like the guide
 * passcode), the validators of the last body read, the last sync's outcome and when it is next polled.
 */
export const stayFeeds = pgTable(
  "stay_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** AES-GCM ciphertext (lib/secret-box.ts) of the link. */
    urlEncrypted: text("url_encrypted").notNull(),
    /** The link's host and a few characters of its path, shown in lists (the whole link only when editing). */
    urlHint: text("url_hint").notNull(),
    channel: text("channel").notNull(),
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** SHA-256 of the last body read with the property's zone and default times: the same again is a 304. */
    bodyHash: text("body_hash"),
    lastPolledAt: timestamp("last_polled_at", { withTimezone: true }),
    /** The last fetch that read the feed (a 304 included). */
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** A fetch or parse failure code (rules/stay-feeds.ts) and its params; null after a good sync. */
    lastErrorCode: text("last_error_code"),
    lastErrorParams: jsonb("last_error_params").$type<Record<string, number>>(),
    /** The last body's counts: reservations, blocked, recurring, invalid, cancelled, and the stays it cancelled. */
    lastCounts: jsonb("last_counts").$type<Record<string, number>>(),
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while one instance syncs the feed ("Sync now" or the poll), so no other syncs it at once. */
    syncLeaseUntil: timestamp("sync_lease_until", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("stay_feeds_property_idx").on(t.propertyId, t.createdAt),
    // The poll claims due feeds in next_poll_at order.
    index("stay_feeds_next_poll_idx").on(t.nextPollAt),
  ],
);
