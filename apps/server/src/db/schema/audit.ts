import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, users } from "./users.ts";

const tz = (name: string) => timestamp(name, { withTimezone: true });

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
    /** The property row the change applies to, for the activity page's filter (null: account-wide). */
    propertyRowId: uuid("property_row_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_audit_events_account_created_idx").on(t.accountId, t.createdAt),
    // The activity page filtered by member or property, newest first (decision 058).
    index("account_audit_events_user_idx").on(t.accountId, t.userId, t.createdAt),
    index("account_audit_events_property_idx").on(t.accountId, t.propertyRowId, t.createdAt),
    // The 400-day retention purge walks the oldest first.
    index("account_audit_events_created_idx").on(t.createdAt),
  ],
);

/** Every operator action (IMPL-22): who, what, on which target. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt)],
);
