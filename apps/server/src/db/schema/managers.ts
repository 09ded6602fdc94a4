import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { accounts } from "./users.ts";

/** Property managers: the host card guests see (MGR-01). */
export const managers = pgTable(
  "managers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    vanityId: text("vanity_id").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    photoKey: text("photo_key"),
    email: text("email"),
    tel: text("tel"),
    messageAppName: text("message_app_name"),
    messageAppLink: text("message_app_link"),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("managers_vanity_id_unique").on(t.vanityId),
    index("managers_account_id_idx").on(t.accountId),
    // One default manager per account (OPEN-47).
    uniqueIndex("managers_one_default_per_account")
      .on(t.accountId)
      .where(sql`${t.isDefault}`),
  ],
);
