import { z } from "zod";
import { text } from "./text.ts";
import { THEME_LABELS } from "../constants.ts";
import { isLanguageCode } from "../languages.ts";
import { GUIDE_HIDDEN_REASONS } from "../rules/placeholders.ts";
import {
  CATEGORY_TYPES,
  DETAIL_TEXT_MAX,
  MAX_SUB_ITEMS,
  PLAIN_TEXT_MAX,
  SUB_ITEM_TYPES,
  TITLE_MAX,
  isButtonLink,
  isHttpUrl,
  isInternalLink,
} from "../rules/content.ts";

const TranslationLanguage = text().refine(
  (c) => isLanguageCode(c) && c !== "en",
  "A translation language other than English (en)",
);

/** Plain text that may be blank: "" and null both clear it. */
const OptionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

/** CONT-20: an http(s) address or blank (null). */
export const WebLink = text()
  .trim()
  .max(2000)
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isHttpUrl(v), "Use a full address beginning with http:// or https://");

// ---------- reference data (IMPL-11) ----------

export const CategoryDto = z.object({
  label: text(),
  title: text(),
  shortDescription: text().nullable(),
  type: z.enum(CATEGORY_TYPES),
  parentLabel: text().nullable(),
  /** A line-icon name the dashboard maps to its icon set. */
  icon: text().nullable(),
  imageUrl: text().nullable(),
  listRank: z.number().int(),
  /** "str" for the generic catalogue, or the theme that added or replaced this category (CONT-05). */
  theme: text(),
});
export type CategoryDto = z.infer<typeof CategoryDto>;

export const TemplateLabels = z.object({
  title: text(),
  describe: text().nullable(),
  locate: text().nullable(),
  operate: text().nullable(),
  webLink: text().nullable(),
  media: text().nullable(),
  featured: text().nullable(),
});

export const TemplateDto = z.object({
  label: text(),
  categoryLabel: text(),
  description: text().nullable(),
  labels: TemplateLabels,
  isRequired: z.boolean(),
  showTitle: z.boolean(),
  showWebLink: z.boolean(),
  showMedia: z.boolean(),
  showFeatured: z.boolean(),
  /** What "Add" fills the editor with (CONT-35). */
  defaults: z.object({
    title: text(),
    detailText: text(),
    describe: text().nullable(),
    locate: text().nullable(),
    operate: text().nullable(),
    webLink: text().nullable(),
    imageUrl: text().nullable(),
  }),
  listRank: z.number().int(),
  theme: text(),
});
export type TemplateDto = z.infer<typeof TemplateDto>;

export const CatalogueQuery = z.object({ theme: text().max(40).optional() });
export type CatalogueQuery = z.infer<typeof CatalogueQuery>;

export const CategoriesResponse = z.object({
  systemId: z.number().int(),
  themes: z.array(text()),
  categories: z.array(CategoryDto),
});
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;
export const TemplatesResponse = z.object({
  systemId: z.number().int(),
  themes: z.array(text()),
  templates: z.array(TemplateDto),
});
export type TemplatesResponse = z.infer<typeof TemplatesResponse>;
export const ThemesResponse = z.object({
  themes: z.array(z.object({ label: z.enum(THEME_LABELS), name: text() })),
  fallback: text(),
});
export type ThemesResponse = z.infer<typeof ThemesResponse>;

// ---------- content items ----------

export const SubItemDto = z.object({
  id: text(),
  type: z.enum(SUB_ITEM_TYPES),
  listRank: z.number().int(),
  detailText: text().nullable(),
  buttonLabel: text().nullable(),
  buttonLink: text().nullable(),
  internalLinkLabel: text().nullable(),
  internalLink: text().nullable(),
  imageUrl: text().nullable(),
  videoUrl: text().nullable(),
  documentUrl: text().nullable(),
});
export type SubItemDto = z.infer<typeof SubItemDto>;

export const TranslationDto = z.object({
  language: text(),
  title: text().nullable(),
  detailText: text().nullable(),
  describe: text().nullable(),
  locate: text().nullable(),
  operate: text().nullable(),
});
export type TranslationDto = z.infer<typeof TranslationDto>;

/** An item in a category list. */
export const ContentItemSummary = z.object({
  id: text(),
  label: text(),
  isCustomLabel: z.boolean(),
  title: text(),
  categoryLabel: text(),
  templateLabel: text().nullable(),
  infoType: z.enum(["system", "custom"]),
  featured: z.boolean(),
  /** "Only for booked guests, during their stay" (set by the host, or by a stay detail in the text). */
  restricted: z.boolean(),
  /** The Wi-Fi item's password only for booked guests, during their stay (decision 046). */
  passwordRestricted: z.boolean(),
  listRank: z.number().int(),
  contentVersion: z.number().int(),
  imageUrl: text().nullable(),
  hasVideo: z.boolean(),
  hasDocument: z.boolean(),
  /** True when the item belongs to the account's shared content (SHARED-05). */
  shared: z.boolean(),
  updatedAt: text(),
});
export type ContentItemSummary = z.infer<typeof ContentItemSummary>;

/** Everything the item editor shows (CONT-07…10, CONT-14). */
export const ContentItemDto = ContentItemSummary.extend({
  detailText: text(),
  describe: text().nullable(),
  locate: text().nullable(),
  operate: text().nullable(),
  webLink: text().nullable(),
  videoUrl: text().nullable(),
  documentUrl: text().nullable(),
  what3words: text().nullable(),
  showWhat3words: z.boolean(),
  translations: z.array(TranslationDto),
  subItems: z.array(SubItemDto),
  template: TemplateDto.nullable(),
  /** For a shared item: the weblinks of the properties it is attached to (SHARED-13's warning). */
  attachedPropertyIds: z.array(text()),
});
export type ContentItemDto = z.infer<typeof ContentItemDto>;

export const ContentItemResponse = z.object({ item: ContentItemDto });
export type ContentItemResponse = z.infer<typeof ContentItemResponse>;

/** CONT-28: a translation tab; `delete` removes a host translation so the machine one shows again. */
export const TranslationInput = z.object({
  language: TranslationLanguage,
  action: z.enum(["create", "update", "delete"]),
  title: OptionalText(TITLE_MAX).optional(),
  detailText: text().max(DETAIL_TEXT_MAX).nullable().optional(),
  describe: OptionalText(PLAIN_TEXT_MAX).optional(),
  locate: OptionalText(PLAIN_TEXT_MAX).optional(),
  operate: OptionalText(PLAIN_TEXT_MAX).optional(),
});
export type TranslationInput = z.infer<typeof TranslationInput>;

const SubItemFields = {
  type: z.enum(SUB_ITEM_TYPES),
  listRank: z.number().int().min(1).max(10_000).optional(),
  detailText: OptionalText(PLAIN_TEXT_MAX).optional(),
  buttonLabel: OptionalText(TITLE_MAX).optional(),
  buttonLink: OptionalText(2000)
    .refine((v) => v === null || isButtonLink(v), "Use an http(s), mailto: or tel: link")
    .optional(),
  internalLinkLabel: OptionalText(TITLE_MAX).optional(),
  internalLink: OptionalText(300)
    .refine((v) => v === null || isInternalLink(v), "Use a path inside the guide, such as /wifi-and-tech")
    .optional(),
};

/** CONT-29: each sub-item carries its action; media are uploaded to the sub-item afterwards. */
export const SubItemInput = z.discriminatedUnion("action", [
  z.object({ action: z.literal("create"), ...SubItemFields }),
  z.object({ action: z.literal("update"), id: z.uuid(), ...SubItemFields, type: z.enum(SUB_ITEM_TYPES).optional() }),
  z.object({ action: z.literal("delete"), id: z.uuid() }),
]);
export type SubItemInput = z.infer<typeof SubItemInput>;

const ItemFields = {
  /** The English title; required (CONT-17). */
  title: text().trim().min(1, "Please enter a title in English").max(TITLE_MAX),
  /** Rich text from the editor; sanitised by the server to the toolbar's elements (CONT-19). */
  detailText: text().max(DETAIL_TEXT_MAX),
  describe: OptionalText(PLAIN_TEXT_MAX),
  locate: OptionalText(PLAIN_TEXT_MAX),
  operate: OptionalText(PLAIN_TEXT_MAX),
  webLink: WebLink,
  what3words: text()
    .trim()
    .max(120)
    .nullable()
    .transform((v) => (v ? v.replace(/^\/+/, "") : null))
    .refine((v) => v === null || /^\p{L}+\.\p{L}+\.\p{L}+$/u.test(v), "Use three words such as filled.count.soap"),
  showWhat3words: z.boolean(),
  featured: z.boolean(),
  restricted: z.boolean(),
  passwordRestricted: z.boolean(),
  translations: z.array(TranslationInput).max(120),
  subItems: z.array(SubItemInput).max(MAX_SUB_ITEMS * 2),
};

/** POST …/content/items: a custom item, or the filled item of a template (CONT-24, CONT-35). */
export const CreateContentItemRequest = z.object({
  categoryLabel: text().trim().min(1).max(100),
  templateLabel: text().trim().min(1).max(100).nullable().default(null),
  ...ItemFields,
  detailText: ItemFields.detailText.default(""),
  describe: ItemFields.describe.default(null),
  locate: ItemFields.locate.default(null),
  operate: ItemFields.operate.default(null),
  webLink: ItemFields.webLink.default(null),
  what3words: ItemFields.what3words.default(null),
  showWhat3words: ItemFields.showWhat3words.default(false),
  featured: ItemFields.featured.default(false),
  restricted: ItemFields.restricted.default(false),
  passwordRestricted: ItemFields.passwordRestricted.default(false),
  translations: ItemFields.translations.default([]),
  subItems: ItemFields.subItems.default([]),
});
export type CreateContentItemRequest = z.infer<typeof CreateContentItemRequest>;

/** PATCH …/content/items/:itemId: only the fields sent change; ContentVersion +1 (CONT-24/25). */
export const UpdateContentItemRequest = z
  .object({
    ...ItemFields,
    listRank: z.number().int().min(1).max(100_000),
    /** Optimistic concurrency: the version the editor opened; a newer one answers 409 CONFLICT. */
    expectedVersion: z.number().int().min(1),
  })
  .partial();
export type UpdateContentItemRequest = z.infer<typeof UpdateContentItemRequest>;

// ---------- lists ----------

export const ContentPropertyRef = z.object({
  propertyId: text(),
  title: text(),
  isShared: z.boolean(),
  themeLabel: text(),
  languageTranslations: z.array(text()),
});

export const CategoryWithCounts = CategoryDto.extend({
  /** Items shown in this category: own items plus attached shared items. */
  itemCount: z.number().int(),
  templateCount: z.number().int(),
  filledTemplateCount: z.number().int(),
  /** itemCount of this category and its sub-categories. */
  totalItemCount: z.number().int(),
});
export type CategoryWithCounts = z.infer<typeof CategoryWithCounts>;

/** GET …/content: the overview's content-sections list. */
export const ContentOverviewResponse = z.object({
  property: ContentPropertyRef,
  categories: z.array(CategoryWithCounts.extend({ children: z.array(CategoryWithCounts) })),
});
export type ContentOverviewResponse = z.infer<typeof ContentOverviewResponse>;

/** GET …/content/categories/:categoryLabel: one category page (CONT-01, CONT-12, OPEN-42/43). */
export const CategoryPageResponse = z.object({
  property: ContentPropertyRef,
  category: CategoryDto,
  parent: CategoryDto.nullable(),
  children: z.array(CategoryWithCounts),
  /** `notShown`: why guests do not see the template's item yet (decision 023), null when they do or it is not added. */
  templates: z.array(
    z.object({
      template: TemplateDto,
      item: ContentItemSummary.nullable(),
      notShown: z.enum(GUIDE_HIDDEN_REASONS).nullable(),
    }),
  ),
  /** Custom items in ListRank order: the reorderable list (CONT-32). */
  customItems: z.array(ContentItemSummary),
  /** The account's shared items of this category with Add/Remove state (SHARED-06); empty on shared pages. */
  sharedItems: z.array(z.object({ item: ContentItemSummary, attached: z.boolean() })),
  /** OPEN-43: "Add custom content" shows where items are listed, not on pages of sub-categories only. */
  canAddCustom: z.boolean(),
});
export type CategoryPageResponse = z.infer<typeof CategoryPageResponse>;

/** PUT …/content/order (CONT-34): the new order of one list; listed items first, the rest keep their order. */
export const ReorderContentRequest = z.object({
  categoryLabel: text().trim().min(1).max(100),
  itemIds: z.array(z.uuid()).min(1).max(500),
});
export type ReorderContentRequest = z.infer<typeof ReorderContentRequest>;

export const SharedContentResponse = z.object({ propertyId: text() });
export type SharedContentResponse = z.infer<typeof SharedContentResponse>;

export const AttachResponse = z.object({ attached: z.boolean() });
export type AttachResponse = z.infer<typeof AttachResponse>;

/** At most this many properties take a shared item in one request (one bulk update's worth). */
export const MAX_ATTACH_PROPERTIES = 1000;

/** A shared item attached to several properties at once: all of them, or none. */
export const AttachManyRequest = z.object({
  propertyIds: z.array(text().min(1).max(60)).min(1).max(MAX_ATTACH_PROPERTIES),
});
export type AttachManyRequest = z.infer<typeof AttachManyRequest>;

/** The weblinks the item is now attached to (each once), in the order given. */
export const AttachManyResponse = z.object({ propertyIds: z.array(text()) });
export type AttachManyResponse = z.infer<typeof AttachManyResponse>;
