import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, timestamps, users } from "./accounts.ts";
import { properties } from "./properties.ts";

/**
 * Changes a host made to many records at once (bulk updates, duplicated guides): who, what, when.
 * The operator's own changes are in admin_audit_log; both are listed by the admin CLI.
 */
export const accountAuditEvents = pgTable(
  "account_audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The signed-in user; null once that user is deleted (the event stays). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    /** The property's weblink the change applies to. */
    subject: text("subject"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_audit_events_account_created_idx").on(t.accountId, t.createdAt)],
);

/**
 * A guide being copied into a new property. The copy runs in the background and reports progress
 * here; `claimed_at` is its heartbeat, so a copy whose server stopped is taken up again by another.
 */
export const propertyCopies = pgTable(
  "property_copies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    targetId: uuid("target_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index("property_copies_account_idx").on(t.accountId),
    index("property_copies_status_idx").on(t.status, t.claimedAt),
  ],
);
