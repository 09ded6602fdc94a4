import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { accounts } from "./users.ts";

/** One company profile per account (CO-02, OPEN-49). */
export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  accountId: uuid("account_id")
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: "cascade" }),
  brandName: text("brand_name").notNull(),
  logoKey: text("logo_key"),
  iconKey: text("icon_key"),
  hexPrimary: text("hex_primary"),
  hexSecondary: text("hex_secondary"),
  backgroundHex: text("background_hex"),
  fontHex: text("font_hex"),
  website: text("website"),
  pms: text("pms"),
  ...timestamps,
});
