import { and, asc, count, eq, inArray, isNotNull, max, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentItemLinks, contentItems, contentSubItems, contentTranslations } from "../../db/schema/content.ts";

export type ItemRow = typeof contentItems.$inferSelect;
export type NewItem = typeof contentItems.$inferInsert;
export type ItemPatch = Partial<Omit<NewItem, "id" | "accountId" | "propertyId" | "createdAt" | "contentVersion">>;
export type SubItemRow = typeof contentSubItems.$inferSelect;
export type NewSubItem = typeof contentSubItems.$inferInsert;
export type TranslationRow = typeof contentTranslations.$inferSelect;

/** An item of the account owned by that property (never another tenant's: both ids are in the filter). */
export async function findItem(
  db: Db,
  accountId: string,
  propertyRowId: string,
  itemId: string,
): Promise<ItemRow | null> {
  const rows = await db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.id, itemId),
        eq(contentItems.accountId, accountId),
        eq(contentItems.propertyId, propertyRowId),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** An item by id, for re-reading inside a transaction once its ownership is established. */
export async function findItemById(db: Db, itemId: string): Promise<ItemRow | null> {
  const rows = await db.select().from(contentItems).where(eq(contentItems.id, itemId)).limit(1);
  return rows[0] ?? null;
}

/** The property's own items of one category, by ListRank (CONT-11). */
export function findItemsInCategory(db: Db, propertyRowId: string, categoryLabel: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.propertyId, propertyRowId), eq(contentItems.categoryLabel, categoryLabel)))
    .orderBy(asc(contentItems.listRank), asc(contentItems.createdAt));
}

/** Every item of these properties, by category and ListRank (the guest guide; bounded per category). */
export function findItemsOfProperties(db: Db, propertyRowIds: string[]): Promise<ItemRow[]> {
  if (propertyRowIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contentItems)
    .where(inArray(contentItems.propertyId, propertyRowIds))
    .orderBy(asc(contentItems.categoryLabel), asc(contentItems.listRank), asc(contentItems.createdAt));
}

/** Items per category of a property (the overview counts). */
export async function countItemsByCategory(
  db: Db,
  propertyRowId: string,
): Promise<{ categoryLabel: string; items: number }[]> {
  const rows = await db
    .select({ categoryLabel: contentItems.categoryLabel, items: count() })
    .from(contentItems)
    .where(eq(contentItems.propertyId, propertyRowId))
    .groupBy(contentItems.categoryLabel);
  return rows.map((r) => ({ categoryLabel: r.categoryLabel, items: Number(r.items) }));
}

/** A property's items made from a template (whether each is filled is decided on its text, decision 023). */
export function findTemplateItems(db: Db, propertyRowId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.propertyId, propertyRowId), isNotNull(contentItems.templateLabel)));
}

/** Ranks of a category's list on a property, for the next rank (CONT-27) and the size limit. */
export async function categoryStats(
  db: Db,
  propertyRowId: string,
  categoryLabel: string,
): Promise<{ count: number; maxRank: number | null }> {
  const [row] = await db
    .select({ n: count(), maxRank: max(contentItems.listRank) })
    .from(contentItems)
    .where(and(eq(contentItems.propertyId, propertyRowId), eq(contentItems.categoryLabel, categoryLabel)));
  return { count: Number(row?.n ?? 0), maxRank: row?.maxRank ?? null };
}

export async function insertItem(db: Db, values: NewItem): Promise<ItemRow> {
  const [row] = await db.insert(contentItems).values(values).returning();
  return row!;
}

/** Updates an item and raises its ContentVersion by one, server-side (CONT-25). */
export async function updateItemBumpingVersion(db: Db, itemId: string, patch: ItemPatch, at: Date): Promise<ItemRow> {
  const [row] = await db
    .update(contentItems)
    .set({ ...patch, contentVersion: sql`${contentItems.contentVersion} + 1`, updatedAt: at })
    .where(eq(contentItems.id, itemId))
    .returning();
  return row!;
}

/**
 * As updateItemBumpingVersion, only while the item is still at `expectedVersion`; null when another save
 * got there first. The check is the update's own condition, so two concurrent saves cannot both pass it.
 */
export async function updateItemAtVersion(
  db: Db,
  itemId: string,
  expectedVersion: number,
  patch: ItemPatch,
  at: Date,
): Promise<ItemRow | null> {
  const [row] = await db
    .update(contentItems)
    .set({ ...patch, contentVersion: sql`${contentItems.contentVersion} + 1`, updatedAt: at })
    .where(and(eq(contentItems.id, itemId), eq(contentItems.contentVersion, expectedVersion)))
    .returning();
  return row ?? null;
}

export async function deleteItem(db: Db, itemId: string): Promise<void> {
  await db.delete(contentItems).where(eq(contentItems.id, itemId));
}

export function findTranslations(db: Db, itemIds: string[]): Promise<TranslationRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contentTranslations)
    .where(inArray(contentTranslations.itemId, itemIds))
    .orderBy(asc(contentTranslations.language));
}

export async function upsertTranslation(
  db: Db,
  values: Pick<TranslationRow, "itemId" | "language" | "title" | "detailText" | "describe" | "locate" | "operate">,
  at: Date,
): Promise<void> {
  const { itemId: _i, language: _l, ...fields } = values;
  await db
    .insert(contentTranslations)
    .values(values)
    .onConflictDoUpdate({
      target: [contentTranslations.itemId, contentTranslations.language],
      set: { ...fields, updatedAt: at },
    });
}

export async function deleteTranslation(db: Db, itemId: string, language: string): Promise<void> {
  await db
    .delete(contentTranslations)
    .where(and(eq(contentTranslations.itemId, itemId), eq(contentTranslations.language, language)));
}

export function findSubItems(db: Db, itemIds: string[]): Promise<SubItemRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contentSubItems)
    .where(inArray(contentSubItems.itemId, itemIds))
    .orderBy(asc(contentSubItems.listRank), asc(contentSubItems.createdAt));
}

export async function insertSubItem(db: Db, values: NewSubItem): Promise<void> {
  await db.insert(contentSubItems).values(values);
}

/** Updates a sub-item of that item; false when it is not one of its sub-items. */
export async function updateSubItem(
  db: Db,
  itemId: string,
  subItemId: string,
  patch: Partial<NewSubItem>,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(contentSubItems)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(contentSubItems.id, subItemId), eq(contentSubItems.itemId, itemId)))
    .returning({ id: contentSubItems.id });
  return rows.length > 0;
}

/** Deletes a sub-item of that item and returns it (for its files), or null. */
export async function deleteSubItem(db: Db, itemId: string, subItemId: string): Promise<SubItemRow | null> {
  const rows = await db
    .delete(contentSubItems)
    .where(and(eq(contentSubItems.id, subItemId), eq(contentSubItems.itemId, itemId)))
    .returning();
  return rows[0] ?? null;
}

/** Rewrites ListRank of the given rows to 1…n in the given order, in one statement. */
export async function rewriteRanks(db: Db, table: "items" | "sub-items", orderedIds: string[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const target = table === "items" ? contentItems : contentSubItems;
  const cases = sql.join(
    orderedIds.map((id, i) => sql`when ${id}::uuid then ${i + 1}::integer`),
    sql` `,
  );
  await db
    .update(target)
    .set({ listRank: sql`case ${target.id} ${cases} end` })
    .where(inArray(target.id, orderedIds));
}

/** The properties (row ids) shared items are attached to. */
export async function findAttachedPropertyRows(
  db: Db,
  itemIds: string[],
): Promise<{ itemId: string; propertyRowId: string }[]> {
  if (itemIds.length === 0) return [];
  return db
    .select({ itemId: contentItemLinks.itemId, propertyRowId: contentItemLinks.propertyId })
    .from(contentItemLinks)
    .where(inArray(contentItemLinks.itemId, itemIds));
}
