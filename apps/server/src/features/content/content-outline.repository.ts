import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentItemLinks, contentItems } from "../../db/schema/content.ts";
import { liveGuidesOf } from "../properties/property-joins.service.ts";

/**
 * Reads over the items shown in the account's live guides, or in one property's guide: its own items and
 * the shared items attached to it. `select` picks the columns; both halves run in parallel.
 */
async function findShownItems<T extends Record<string, unknown>>(
  db: Db,
  accountId: string,
  propertyRowId: string | null,
  read: (from: "own" | "attached", where: SQL | undefined) => Promise<T[]>,
): Promise<T[]> {
  const live = (extra: SQL | undefined) =>
    and(
      // The item's account column too (the guides' is in their subquery): PostgreSQL reads only this
      // account's items by index.
      eq(contentItems.accountId, accountId),
      sql`btrim(${contentItems.title}) <> ''`,
      extra,
    );
  const [own, attached] = await Promise.all([
    read("own", live(propertyRowId ? eq(contentItems.propertyId, propertyRowId) : undefined)),
    read(
      "attached",
      live(
        propertyRowId
          ? eq(contentItemLinks.propertyId, propertyRowId)
          : ne(contentItemLinks.propertyId, contentItems.propertyId),
      ),
    ),
  ]);
  return [...own, ...attached];
}

/** The distinct categories that have a titled item in the guide(s), with the theme each is shown under. */
export async function findShownCategories(
  db: Db,
  accountId: string,
  propertyRowId: string | null,
): Promise<{ categoryLabel: string; themeLabel: string | null }[]> {
  const guides = liveGuidesOf(db, accountId);
  const columns = { categoryLabel: contentItems.categoryLabel, themeLabel: guides.themeLabel };
  return findShownItems(db, accountId, propertyRowId, (from, where) =>
    from === "own"
      ? db
          .selectDistinct(columns)
          .from(contentItems)
          .innerJoin(guides, eq(guides.id, contentItems.propertyId))
          .where(where)
      : db
          .selectDistinct(columns)
          .from(contentItemLinks)
          .innerJoin(contentItems, eq(contentItems.id, contentItemLinks.itemId))
          .innerJoin(guides, eq(guides.id, contentItemLinks.propertyId))
          .where(where),
  );
}

/** Titles of these items where the guide(s) show them, with the property's title and theme. */
export async function findShownItemTitles(
  db: Db,
  accountId: string,
  propertyRowId: string | null,
  itemIds: string[],
): Promise<
  { itemId: string; categoryLabel: string; title: string; propertyTitle: string; themeLabel: string | null }[]
> {
  if (itemIds.length === 0) return [];
  const guides = liveGuidesOf(db, accountId);
  const columns = {
    itemId: contentItems.id,
    categoryLabel: contentItems.categoryLabel,
    title: contentItems.title,
    propertyTitle: guides.title,
    themeLabel: guides.themeLabel,
  };
  const ids = inArray(contentItems.id, itemIds);
  return findShownItems(db, accountId, propertyRowId, (from, where) =>
    from === "own"
      ? db
          .select(columns)
          .from(contentItems)
          .innerJoin(guides, eq(guides.id, contentItems.propertyId))
          .where(and(where, ids))
      : db
          .select(columns)
          .from(contentItemLinks)
          .innerJoin(contentItems, eq(contentItems.id, contentItemLinks.itemId))
          .innerJoin(guides, eq(guides.id, contentItemLinks.propertyId))
          .where(and(where, ids)),
  );
}
