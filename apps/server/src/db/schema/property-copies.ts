import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { properties } from "./properties.ts";
import { accounts } from "./users.ts";

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
