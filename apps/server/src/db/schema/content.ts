import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { translationCacheTable } from "./translation-cache.ts";
import { properties } from "./properties.ts";
import { accounts } from "./users.ts";

/**
 * The built-in catalogue of categories (CONT-02/03, IMPL-24) under system id 100000, one row per
 * (theme, label): theme "str" is the generic set, a theme row adds or replaces one by label (CONT-05).
 */
export const contentCategories = pgTable(
  "content_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    systemId: integer("system_id").notNull(),
    theme: text("theme").notNull(),
    label: text("label").notNull(),
    title: text("title").notNull(),
    shortDescription: text("short_description"),
    type: text("type", { enum: ["details", "local-area", "communication"] }).notNull(),
    parentLabel: text("parent_label"),
    icon: text("icon"),
    imageUrl: text("image_url"),
    listRank: integer("list_rank").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("content_categories_system_theme_label").on(t.systemId, t.theme, t.label)],
);

/** System content templates (CONT-06): what a good guide contains, waiting to be filled. */
export const contentTemplates = pgTable(
  "content_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    systemId: integer("system_id").notNull(),
    theme: text("theme").notNull(),
    label: text("label").notNull(),
    categoryLabel: text("category_label").notNull(),
    description: text("description"),
    labelTitle: text("label_title").notNull(),
    labelDescribe: text("label_describe"),
    labelLocate: text("label_locate"),
    labelOperate: text("label_operate"),
    labelWebLink: text("label_web_link"),
    labelMedia: text("label_media"),
    labelFeatured: text("label_featured"),
    isRequired: boolean("is_required").notNull().default(false),
    showTitle: boolean("show_title").notNull().default(true),
    showWebLink: boolean("show_web_link").notNull().default(true),
    showMedia: boolean("show_media").notNull().default(true),
    showFeatured: boolean("show_featured").notNull().default(true),
    defaultTitle: text("default_title").notNull(),
    defaultText: text("default_text").notNull().default(""),
    defaultDescribe: text("default_describe"),
    defaultLocate: text("default_locate"),
    defaultOperate: text("default_operate"),
    defaultWebLink: text("default_web_link"),
    defaultImageUrl: text("default_image_url"),
    listRank: integer("list_rank").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("content_templates_system_theme_label").on(t.systemId, t.theme, t.label)],
);

/**
 * A content item (CONT-07…10) owned by one property: an ordinary property, or the account's shared-content
 * property (SHARED-01/05), whose items reach other properties through content_item_links.
 */
export const contentItems = pgTable(
  "content_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    categoryLabel: text("category_label").notNull(),
    templateLabel: text("template_label"),
    label: text("label").notNull(),
    isCustomLabel: boolean("is_custom_label").notNull(),
    infoType: text("info_type", { enum: ["system", "custom"] }).notNull(),
    title: text("title").notNull(),
    detailText: text("detail_text").notNull().default(""),
    describe: text("describe"),
    locate: text("locate"),
    operate: text("operate"),
    webLink: text("web_link"),
    imageKey: text("image_key"),
    videoKey: text("video_key"),
    documentKey: text("document_key"),
    what3words: text("what3words"),
    showWhat3words: boolean("show_what3words").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    /** For booked guests only, during their stay (decision 042): masked on the public guide and its copies. */
    restricted: boolean("restricted").notNull().default(false),
    /** The Wi-Fi item's password alone for booked guests during their stay (issue 33, decision 046). */
    passwordRestricted: boolean("password_restricted").notNull().default(false),
    listRank: integer("list_rank").notNull(),
    contentVersion: integer("content_version").notNull(),
    ...timestamps,
  },
  (t) => [
    index("content_items_property_category_idx").on(t.propertyId, t.categoryLabel, t.listRank),
    index("content_items_account_idx").on(t.accountId),
    // One filled item per template per property (CONT-35).
    uniqueIndex("content_items_property_template_unique")
      .on(t.propertyId, t.templateLabel)
      .where(sql`${t.templateLabel} is not null`),
  ],
);

/** Host-written translations, one per item and language (CONT-28); they always win over machine ones. */
export const contentTranslations = pgTable(
  "content_translations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    title: text("title"),
    detailText: text("detail_text"),
    describe: text("describe"),
    locate: text("locate"),
    operate: text("operate"),
    ...timestamps,
  },
  (t) => [uniqueIndex("content_translations_item_language").on(t.itemId, t.language)],
);

/** Sub-content items (CONT-29); their media live on the sub-item (OPEN-62). */
export const contentSubItems = pgTable(
  "content_sub_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["text", "image", "video", "pdf", "button", "internal-link"] }).notNull(),
    listRank: integer("list_rank").notNull(),
    detailText: text("detail_text"),
    buttonLabel: text("button_label"),
    buttonLink: text("button_link"),
    internalLinkLabel: text("internal_link_label"),
    internalLink: text("internal_link"),
    imageKey: text("image_key"),
    videoKey: text("video_key"),
    documentKey: text("document_key"),
    ...timestamps,
  },
  (t) => [index("content_sub_items_item_idx").on(t.itemId, t.listRank)],
);

/** Machine translations cached per (item, ContentVersion, language) (IMPL-10, OPEN-44). */
export const contentTranslationCache = translationCacheTable("content_translation_cache", {
  key: "itemId",
  column: "item_id",
  references: () => contentItems.id,
});

/** A shared item attached to a property (SHARED-06/08, OPEN-46); sub-items and translations come with it. */
export const contentItemLinks = pgTable(
  "content_item_links",
  {
    itemId: uuid("item_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.propertyId] }), index("content_item_links_property_idx").on(t.propertyId)],
);
