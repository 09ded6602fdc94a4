import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  contentItemLinks,
  contentItems,
  contentSubItems,
  contentTranslationCache,
  contentTranslations,
} from "../../db/schema/content.ts";

export type CopiedItem = typeof contentItems.$inferInsert & { id: string };
export type CopiedTranslation = typeof contentTranslations.$inferInsert;
export type CopiedSubItem = typeof contentSubItems.$inferInsert;
export type CopiedMachineTranslation = typeof contentTranslationCache.$inferInsert;

/** A property's own items in guide order (not the shared items attached to it). */
export function findPropertyItems(db: Db, propertyRowId: string) {
  return db
    .select()
    .from(contentItems)
    .where(eq(contentItems.propertyId, propertyRowId))
    .orderBy(asc(contentItems.categoryLabel), asc(contentItems.listRank), asc(contentItems.createdAt));
}

/** Everything that hangs off these items: host translations, sub-items, cached machine translations. */
export async function findItemParts(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return { translations: [], subItems: [], machine: [] };
  const [translations, subItems, machine] = await Promise.all([
    db.select().from(contentTranslations).where(inArray(contentTranslations.itemId, itemIds)),
    db
      .select()
      .from(contentSubItems)
      .where(inArray(contentSubItems.itemId, itemIds))
      .orderBy(asc(contentSubItems.listRank), asc(contentSubItems.createdAt)),
    db.select().from(contentTranslationCache).where(inArray(contentTranslationCache.itemId, itemIds)),
  ]);
  return { translations, subItems, machine };
}

/** The shared items attached to a property (SHARED-06). */
export function findAttachedItemIds(db: Db, propertyRowId: string) {
  return db
    .select({ itemId: contentItemLinks.itemId, accountId: contentItemLinks.accountId })
    .from(contentItemLinks)
    .where(eq(contentItemLinks.propertyId, propertyRowId));
}

/** Empties a property's guide (its own items with everything under them, and its attachments): a copy starts clean. */
export async function clearPropertyContent(db: Db, propertyRowId: string): Promise<void> {
  await db.delete(contentItemLinks).where(eq(contentItemLinks.propertyId, propertyRowId));
  await db.delete(contentItems).where(eq(contentItems.propertyId, propertyRowId));
}

/**
 * Deletes the guide content of purged properties (OPEN-39: "all property data will be lost"): their items
 * (sub-items, translations, cached translations and links from them go by cascade) and the links that
 * attached shared items to them.
 */
export async function deletePropertiesContent(db: Db, propertyRowIds: string[]): Promise<void> {
  if (propertyRowIds.length === 0) return;
  await db.delete(contentItemLinks).where(inArray(contentItemLinks.propertyId, propertyRowIds));
  await db.delete(contentItems).where(inArray(contentItems.propertyId, propertyRowIds));
}

/** One copied item with its parts, all or nothing. */
export async function insertCopiedItem(
  db: Db,
  item: CopiedItem,
  parts: { translations: CopiedTranslation[]; subItems: CopiedSubItem[]; machine: CopiedMachineTranslation[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contentItems).values(item);
    if (parts.translations.length) await tx.insert(contentTranslations).values(parts.translations);
    if (parts.subItems.length) await tx.insert(contentSubItems).values(parts.subItems);
    if (parts.machine.length) await tx.insert(contentTranslationCache).values(parts.machine);
  });
}

export async function insertAttachments(
  db: Db,
  rows: { itemId: string; propertyId: string; accountId: string }[],
): Promise<void> {
  if (rows.length) await db.insert(contentItemLinks).values(rows).onConflictDoNothing();
}
