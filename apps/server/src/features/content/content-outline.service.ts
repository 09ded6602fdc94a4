import type { AppContext } from "../../app-context.ts";
import { getCatalogue } from "./catalogue.service.ts";
import { findShownCategories, findShownItemTitles } from "./content-outline.repository.ts";

interface Section {
  label: string;
  title: string;
  rank: number;
}

/** For each theme, every displayable category's top-level section (a nested category counts for its parent). */
async function sectionsByTheme(ctx: AppContext, themes: (string | null)[]) {
  const catalogues = await Promise.all(themes.map((theme) => getCatalogue(ctx, theme)));
  return new Map(
    themes.map((theme, i) => {
      const categories = catalogues[i]!.categories;
      const byLabel = new Map(categories.map((c) => [c.label, c]));
      const map = new Map<string, Section>();
      for (const c of categories) {
        const top = c.parentLabel ? byLabel.get(c.parentLabel) : c;
        if (top) map.set(c.label, { label: top.label, title: top.title, rank: top.listRank });
      }
      return [theme, map] as const;
    }),
  );
}

/**
 * The sections a guide (one property) or every live guide of the account shows, as the guide draws them:
 * displayable categories with at least one titled item, a nested category counting towards its top-level
 * section (GUIDE-10/11), in the catalogue's order, with the English titles. For section analytics.
 */
export async function getGuideSections(
  ctx: AppContext,
  accountId: string,
  propertyRowId: string | null,
): Promise<{ label: string; title: string }[]> {
  const shown = await findShownCategories(ctx.db, accountId, propertyRowId);
  const themes = await sectionsByTheme(ctx, [...new Set(shown.map((s) => s.themeLabel))]);
  const sections = new Map<string, Section>();
  for (const row of shown) {
    const section = themes.get(row.themeLabel)?.get(row.categoryLabel);
    if (section && !sections.has(section.label)) sections.set(section.label, section);
  }
  return [...sections.values()]
    .sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label))
    .map(({ label, title }) => ({ label, title }));
}

/**
 * Of these item ids, the ones the guide(s) show today, with the host's English title and the property they
 * are shown in (one of them, for a shared item shown in several). Deleted or hidden items are left out.
 */
export async function getShownItems(
  ctx: AppContext,
  accountId: string,
  propertyRowId: string | null,
  itemIds: string[],
): Promise<Map<string, { title: string; propertyTitle: string }>> {
  const rows = await findShownItemTitles(ctx.db, accountId, propertyRowId, itemIds);
  const themes = await sectionsByTheme(ctx, [...new Set(rows.map((r) => r.themeLabel))]);
  const items = new Map<string, { title: string; propertyTitle: string }>();
  for (const row of rows)
    if (themes.get(row.themeLabel)?.has(row.categoryLabel) && !items.has(row.itemId))
      items.set(row.itemId, { title: row.title, propertyTitle: row.propertyTitle });
  return items;
}
