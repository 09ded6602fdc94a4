import { and, eq, isNull, ne, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentItemLinks, contentItems } from "../../db/schema/content.ts";
import { properties } from "../../db/schema/properties.ts";

export interface OutlineRow {
  itemId: string;
  categoryLabel: string;
  title: string;
  propertyRowId: string;
  propertyTitle: string;
  themeLabel: string | null;
}

/**
 * Every item shown in the account's live guides, or in one property's guide: its own items and the shared
 * items attached to it, with the property's title and theme. Two indexed reads, whatever the item count.
 */
export async function findGuideOutlineRows(
  db: Db,
  accountId: string,
  propertyRowId: string | null,
): Promise<OutlineRow[]> {
  const live = (extra: SQL | undefined) =>
    and(eq(properties.accountId, accountId), eq(properties.isShared, false), isNull(properties.archivedAt), extra);
  const columns = {
    itemId: contentItems.id,
    categoryLabel: contentItems.categoryLabel,
    title: contentItems.title,
    propertyRowId: properties.id,
    propertyTitle: properties.title,
    themeLabel: properties.themeLabel,
  };
  const [own, attached] = await Promise.all([
    db
      .select(columns)
      .from(contentItems)
      .innerJoin(properties, eq(properties.id, contentItems.propertyId))
      .where(live(propertyRowId ? eq(contentItems.propertyId, propertyRowId) : undefined)),
    db
      .select(columns)
      .from(contentItemLinks)
      .innerJoin(contentItems, eq(contentItems.id, contentItemLinks.itemId))
      .innerJoin(properties, eq(properties.id, contentItemLinks.propertyId))
      .where(
        live(
          propertyRowId
            ? eq(contentItemLinks.propertyId, propertyRowId)
            : ne(contentItemLinks.propertyId, contentItems.propertyId),
        ),
      ),
  ]);
  return [...own, ...attached];
}
