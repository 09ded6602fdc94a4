import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { properties } from "./properties.ts";
import { accounts } from "./users.ts";

/** Where a visit came from: the printed QR code, a stay's own guest link (`/s/{token}`), else a web link. */
export const VISIT_SOURCES = ["qr-code", "link", "stay-link"] as const;

/**
 * Guide visits (GUIDE-17, ANL-05, IMPL-05), append-only: one row per property, day and tracking session,
 * the day taken in the account's time zone when the visit was recorded. No IP, no user agent: only what
 * the analytics need.
 */
export const guideVisits = pgTable(
  "guide_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The owner (ANL-05 linkeduserid), derived server-side from the property. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    trackingSessionId: text("tracking_session_id").notNull(),
    deviceType: text("device_type", { enum: ["desktop", "tablet", "mobile"] }).notNull(),
    utmSource: text("utm_source"),
    /** The page's language when the visit was reported (decision 045); null from pages cached before it. */
    language: text("language"),
    visitDay: date("visit_day", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One visit per session per property per day; a repeated report is a no-op.
    uniqueIndex("guide_visits_property_day_session").on(t.propertyId, t.visitDay, t.trackingSessionId),
    // ANL-06: the caller's raw records by created date.
    index("guide_visits_account_created_idx").on(t.accountId, t.createdAt),
  ],
);

/**
 * The daily rollup the analytics screen reads (ANL-03/04/08, docs/architecture.md §7): unique sessions per
 * property, day, device type and source ("qr-code", "link" or "stay-link"), incremented in the same transaction as
 * the visit, so a 30-day breakdown reads at most 30 × 3 × 2 rows per property.
 */
export const guideVisitDays = pgTable(
  "guide_visit_days",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    deviceType: text("device_type", { enum: ["desktop", "tablet", "mobile"] }).notNull(),
    source: text("source", { enum: VISIT_SOURCES }).notNull(),
    sessions: integer("sessions").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.day, t.deviceType, t.source] }),
    index("guide_visit_days_account_day_idx").on(t.accountId, t.day),
  ],
);

/**
 * The same counts summed over the account's properties (ANL-02 "All Properties"), written in the same
 * transaction: a manager's 30-day answer reads at most 30 × 3 × 2 rows whatever the number of properties,
 * where summing the per-property rollup would read 200 times more for a 200-property manager.
 */
export const guideVisitAccountDays = pgTable(
  "guide_visit_account_days",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    deviceType: text("device_type", { enum: ["desktop", "tablet", "mobile"] }).notNull(),
    source: text("source", { enum: VISIT_SOURCES }).notNull(),
    sessions: integer("sessions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.deviceType, t.source] })],
);

/**
 * Section analytics' ledger: what a session looked at in a guide on a day (a top-level section, an item,
 * or the language the page was in), once per key. It only exists to count each session once per day in the
 * rollups below; no IP, no user agent. Raw rows are purged after the retention period like visits.
 */
export const guideEngagementEvents = pgTable(
  "guide_engagement_events",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    trackingSessionId: text("tracking_session_id").notNull(),
    kind: text("kind", { enum: ["section", "item", "language"] }).notNull(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.day, t.trackingSessionId, t.kind, t.key] }),
    index("guide_engagement_events_account_created_idx").on(t.accountId, t.createdAt),
  ],
);

/** Sessions that saw each section, item or language per property and day: what the section report reads. */
export const guideEngagementDays = pgTable(
  "guide_engagement_days",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: ["section", "item", "language"] }).notNull(),
    key: text("key").notNull(),
    sessions: integer("sessions").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.day, t.kind, t.key] }),
    // Covers "the items seen most" over all of an account's properties: an index-only scan of the range,
    // where reading the rows would visit one table page per row (1.4 s for a 200-property manager's month).
    index("guide_engagement_days_account_kind_day_idx").on(t.accountId, t.kind, t.day, t.key, t.sessions),
  ],
);

/**
 * Sections and languages summed over the account's properties ("All Properties"), written with the
 * per-property rollup. Items are left out: an item belongs to one property (or is shared), so summing
 * over the account would not make the per-item rows fewer.
 */
export const guideEngagementAccountDays = pgTable(
  "guide_engagement_account_days",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: ["section", "language"] }).notNull(),
    key: text("key").notNull(),
    sessions: integer("sessions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.kind, t.key] })],
);
