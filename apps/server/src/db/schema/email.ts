import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The embedded email provider's outbox: every email the product sends, kept for local users and tests. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    template: text("template").notNull(),
    /** Extra headers the email carried (List-Unsubscribe on guests' scheduled messages). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Where replies go, when not to the sender (support requests: the host, decision 058). */
    replyTo: text("reply_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_outbox_to_idx").on(t.to, t.createdAt)],
);
