import { sql } from "drizzle-orm";
import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** System content by detail label (AFF-06, AFF-15, IMPL-23): the landing page's and the media assets' words. */
export const systemContent = pgTable("system_content", {
  detailLabel: text("detail_label").primaryKey(),
  title: text("title"),
  description: text("description"),
  longDescription: text("long_description"),
  imageUrl: text("image_url"),
  items: jsonb("items")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
