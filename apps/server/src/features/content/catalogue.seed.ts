import fs from "node:fs";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { CATEGORY_TYPES, CONTENT_SYSTEM_ID, FALLBACK_THEME } from "@doorstep/shared/rules/content";
import { THEME_LABELS } from "@doorstep/shared/constants";
import type { Db } from "../../db/client.ts";
import { contentCategories, contentTemplates } from "../../db/schema/content.ts";
import { serverFile } from "../../lib/server-files.ts";

const Theme = z.enum([FALLBACK_THEME, ...THEME_LABELS]);
const CategoryFile = z.object({
  systemId: z.literal(CONTENT_SYSTEM_ID),
  categories: z.array(
    z.object({
      theme: Theme,
      label: z.string().regex(/^[a-z0-9-]+$/),
      parentLabel: z.string().optional(),
      title: z.string().min(1),
      shortDescription: z.string().optional(),
      type: z.enum(CATEGORY_TYPES),
      icon: z.string().optional(),
      image: z.string().optional(),
      rank: z.number().int(),
    }),
  ),
});
const TemplateFile = z.object({
  systemId: z.literal(CONTENT_SYSTEM_ID),
  templates: z.array(
    z.object({
      theme: Theme,
      label: z.string().regex(/^[a-z0-9-]+$/),
      category: z.string(),
      rank: z.number().int(),
      title: z.string().min(1),
      description: z.string().optional(),
      labels: z
        .object({
          title: z.string(),
          describe: z.string(),
          locate: z.string(),
          operate: z.string(),
          webLink: z.string(),
          media: z.string(),
          featured: z.string(),
        })
        .partial()
        .optional(),
      required: z.boolean().optional(),
      showTitle: z.boolean().optional(),
      showWebLink: z.boolean().optional(),
      showMedia: z.boolean().optional(),
      showFeatured: z.boolean().optional(),
      text: z.string(),
      describe: z.string().optional(),
      locate: z.string().optional(),
      operate: z.string().optional(),
      webLink: z.string().optional(),
      image: z.string().optional(),
    }),
  ),
});

const readJson = (name: string): unknown =>
  JSON.parse(fs.readFileSync(serverFile("features", "content", "catalogue", name), "utf8"));

/** The catalogue data files, checked (a broken file fails the start, loudly). */
export function loadCatalogue() {
  const categories = CategoryFile.parse(readJson("categories.json")).categories;
  const templates = TemplateFile.parse(readJson("templates.json")).templates;
  const known = new Set(categories.map((c) => c.label));
  for (const c of categories)
    if (c.parentLabel && !known.has(c.parentLabel)) throw new Error(`catalogue: unknown parent ${c.parentLabel}`);
  for (const t of templates)
    if (!known.has(t.category)) throw new Error(`catalogue: template ${t.label} has unknown category ${t.category}`);
  return { categories, templates };
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Applies the catalogue files (IMPL-24) under system id 100000: insert or update by (theme, label), in one
 * transaction. Idempotent, so every instance runs it at start; rows no longer in the files are kept
 * because filled items may still name them.
 */
export async function seedCatalogue(db: Db): Promise<{ categories: number; templates: number }> {
  const { categories, templates } = loadCatalogue();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(contentCategories)
      .values(
        categories.map((c) => ({
          systemId: CONTENT_SYSTEM_ID,
          theme: c.theme,
          label: c.label,
          title: c.title,
          shortDescription: c.shortDescription ?? null,
          type: c.type,
          parentLabel: c.parentLabel ?? null,
          icon: c.icon ?? null,
          imageUrl: c.image ?? null,
          listRank: c.rank,
        })),
      )
      .onConflictDoUpdate({
        target: [contentCategories.systemId, contentCategories.theme, contentCategories.label],
        set: {
          title: excluded("title"),
          shortDescription: excluded("short_description"),
          type: excluded("type"),
          parentLabel: excluded("parent_label"),
          icon: excluded("icon"),
          imageUrl: excluded("image_url"),
          listRank: excluded("list_rank"),
          updatedAt: now,
        },
      });
    await tx
      .insert(contentTemplates)
      .values(
        templates.map((t) => {
          const withFields = t.labels?.describe || t.describe;
          return {
            systemId: CONTENT_SYSTEM_ID,
            theme: t.theme,
            label: t.label,
            categoryLabel: t.category,
            description: t.description ?? null,
            labelTitle: t.labels?.title ?? "Title",
            labelDescribe: t.labels?.describe ?? (withFields ? "Describe it" : null),
            labelLocate: t.labels?.locate ?? (t.locate ? "Where to find it" : null),
            labelOperate: t.labels?.operate ?? (t.operate ? "How to use it" : null),
            labelWebLink: t.labels?.webLink ?? "Web link",
            labelMedia: t.labels?.media ?? "Photo, video or PDF",
            labelFeatured: t.labels?.featured ?? "Feature on the guide's home screen",
            isRequired: t.required ?? false,
            showTitle: t.showTitle ?? true,
            showWebLink: t.showWebLink ?? true,
            showMedia: t.showMedia ?? true,
            showFeatured: t.showFeatured ?? true,
            defaultTitle: t.title,
            defaultText: t.text,
            defaultDescribe: t.describe ?? null,
            defaultLocate: t.locate ?? null,
            defaultOperate: t.operate ?? null,
            defaultWebLink: t.webLink ?? null,
            defaultImageUrl: t.image ?? null,
            listRank: t.rank,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [contentTemplates.systemId, contentTemplates.theme, contentTemplates.label],
        set: Object.fromEntries(
          [
            ["categoryLabel", "category_label"],
            ["description", "description"],
            ["labelTitle", "label_title"],
            ["labelDescribe", "label_describe"],
            ["labelLocate", "label_locate"],
            ["labelOperate", "label_operate"],
            ["labelWebLink", "label_web_link"],
            ["labelMedia", "label_media"],
            ["labelFeatured", "label_featured"],
            ["isRequired", "is_required"],
            ["showTitle", "show_title"],
            ["showWebLink", "show_web_link"],
            ["showMedia", "show_media"],
            ["showFeatured", "show_featured"],
            ["defaultTitle", "default_title"],
            ["defaultText", "default_text"],
            ["defaultDescribe", "default_describe"],
            ["defaultLocate", "default_locate"],
            ["defaultOperate", "default_operate"],
            ["defaultWebLink", "default_web_link"],
            ["defaultImageUrl", "default_image_url"],
            ["listRank", "list_rank"],
          ].map(([key, column]) => [key, excluded(column!)]),
        ),
      });
  });
  return { categories: categories.length, templates: templates.length };
}
