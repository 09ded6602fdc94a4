import type { AppContext } from "../../app-context.ts";
import { getCatalogue } from "./catalogue.service.ts";
import { findGuideOutlineRows } from "./content-outline.repository.ts";

export interface GuideOutline {
  /** Top-level sections that guests can see, in the catalogue's order: the guide's table of contents. */
  sections: { label: string; title: string }[];
  /** The items shown, by id, with the English title and the property they are shown in (one, for shared items in several). */
  items: Map<string, { title: string; propertyTitle: string }>;
}

/**
 * What a guide (one property) or every live guide of the account shows, section by section, as the guide
 * draws it: displayable categories with at least one titled item, a nested category counting towards its
 * top-level section (GUIDE-10/11). For section analytics; English titles, as the host wrote them.
 */
export async function getGuideOutline(
  ctx: AppContext,
  accountId: string,
  propertyRowId: string | null,
): Promise<GuideOutline> {
  const rows = (await findGuideOutlineRows(ctx.db, accountId, propertyRowId)).filter((r) => r.title.trim() !== "");
  const themes = [...new Set(rows.map((r) => r.themeLabel))];
  const catalogues = await Promise.all(themes.map((theme) => getCatalogue(ctx, theme)));
  const sectionOf = new Map<string, Map<string, { label: string; title: string; rank: number }>>();
  themes.forEach((theme, i) => {
    const categories = catalogues[i]!.categories;
    const byLabel = new Map(categories.map((c) => [c.label, c]));
    const map = new Map<string, { label: string; title: string; rank: number }>();
    for (const c of categories) {
      const top = c.parentLabel ? byLabel.get(c.parentLabel) : c;
      if (top) map.set(c.label, { label: top.label, title: top.title, rank: top.listRank });
    }
    sectionOf.set(String(theme), map);
  });
  const sections = new Map<string, { label: string; title: string; rank: number }>();
  const items = new Map<string, { title: string; propertyTitle: string }>();
  for (const row of rows) {
    const section = sectionOf.get(String(row.themeLabel))?.get(row.categoryLabel);
    if (!section) continue; // a category this theme does not show: the item is not in the guide
    if (!sections.has(section.label)) sections.set(section.label, section);
    if (!items.has(row.itemId)) items.set(row.itemId, { title: row.title, propertyTitle: row.propertyTitle });
  }
  return {
    sections: [...sections.values()]
      .sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label))
      .map(({ label, title }) => ({ label, title })),
    items,
  };
}
