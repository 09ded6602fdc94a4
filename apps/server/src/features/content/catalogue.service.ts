import { THEME_LABELS } from "@doorstep/shared/constants";
import { resolveThemes } from "@doorstep/shared/rules/content";
import type { CategoryDto, TemplateDto } from "@doorstep/shared/schemas/content";
import type { AppContext } from "../../app-context.ts";
import { findCategories, findTemplates, type CategoryRow, type TemplateRow } from "./catalogue.repository.ts";

export interface Catalogue {
  /** The theme sets applied, generic first (CONT-05). */
  themes: string[];
  /** Displayable categories by ListRank: communication ones never appear (CONT-03). */
  categories: CategoryRow[];
  /** Templates of those categories by ListRank. */
  templates: TemplateRow[];
}

/** A theme's rows replace the generic row of the same label; later sets win. */
function overlay<T extends { label: string; theme: string; listRank: number }>(rows: T[], themes: string[]): T[] {
  const byLabel = new Map<string, T>();
  for (const theme of themes) for (const row of rows) if (row.theme === theme) byLabel.set(row.label, row);
  return [...byLabel.values()].sort((a, b) => a.listRank - b.listRank || a.label.localeCompare(b.label));
}

/** The catalogue a property with this theme sees: its theme's set over the generic 'str' set (CONT-04/05). */
export async function getCatalogue(ctx: AppContext, theme: string | null | undefined): Promise<Catalogue> {
  const themes = resolveThemes(theme, THEME_LABELS);
  const [categoryRows, templateRows] = await Promise.all([
    findCategories(ctx.db, themes),
    findTemplates(ctx.db, themes),
  ]);
  const categories = overlay(categoryRows, themes).filter((c) => c.type !== "communication");
  const visible = new Set(categories.map((c) => c.label));
  // A nested category whose parent is hidden is hidden too.
  const shown = categories.filter((c) => !c.parentLabel || visible.has(c.parentLabel));
  const shownLabels = new Set(shown.map((c) => c.label));
  return {
    themes,
    categories: shown,
    templates: overlay(templateRows, themes).filter((t) => shownLabels.has(t.categoryLabel)),
  };
}

export const THEME_NAMES: Record<(typeof THEME_LABELS)[number], string> = {
  default: "Default",
  custom: "Custom",
  city: "City",
  countryside: "Countryside",
  seaside: "Seaside",
};
export function toCategoryDto(row: CategoryRow): CategoryDto {
  return {
    label: row.label,
    title: row.title,
    shortDescription: row.shortDescription,
    type: row.type,
    parentLabel: row.parentLabel,
    icon: row.icon,
    imageUrl: row.imageUrl,
    listRank: row.listRank,
    theme: row.theme,
  };
}

export function toTemplateDto(row: TemplateRow): TemplateDto {
  return {
    label: row.label,
    categoryLabel: row.categoryLabel,
    description: row.description,
    labels: {
      title: row.labelTitle,
      describe: row.labelDescribe,
      locate: row.labelLocate,
      operate: row.labelOperate,
      webLink: row.labelWebLink,
      media: row.labelMedia,
      featured: row.labelFeatured,
    },
    isRequired: row.isRequired,
    showTitle: row.showTitle,
    showWebLink: row.showWebLink,
    showMedia: row.showMedia,
    showFeatured: row.showFeatured,
    defaults: {
      title: row.defaultTitle,
      detailText: row.defaultText,
      describe: row.defaultDescribe,
      locate: row.defaultLocate,
      operate: row.defaultOperate,
      webLink: row.defaultWebLink,
      imageUrl: row.defaultImageUrl,
    },
    listRank: row.listRank,
    theme: row.theme,
  };
}
