import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentItemLinks, contentItems } from "../../db/schema/content.ts";
import { whereLiveSharedProperty } from "../properties/property-joins.service.ts";
import type { ItemRow } from "./content.repository.ts";

// Links attach an account's shared items (owned by its shared-content property) to its other properties.

/** The account's shared items of a category with whether each is attached to this property (SHARED-06). */
export async function findSharedItemsForProperty(
  db: Db,
  accountId: string,
  propertyRowId: string,
  categoryLabel: string,
): Promise<{ item: ItemRow; attached: boolean }[]> {
  const rows = await db
    .select({ item: contentItems, linked: contentItemLinks.propertyId })
    .from(contentItems)
    .leftJoin(
      contentItemLinks,
      and(eq(contentItemLinks.itemId, contentItems.id), eq(contentItemLinks.propertyId, propertyRowId)),
    )
    .where(
      and(
        eq(contentItems.accountId, accountId),
        eq(contentItems.categoryLabel, categoryLabel),
        whereLiveSharedProperty(contentItems.propertyId),
      ),
    )
    .orderBy(asc(contentItems.listRank), asc(contentItems.createdAt))
    .limit(500);
  return rows.map((r) => ({ item: r.item, attached: r.linked !== null }));
}

/** Links whose shared owner is live: an archived owner's items are gone from every guide (SHARED-01). */
const liveSharedOwner = () => whereLiveSharedProperty(contentItems.propertyId);

/** Shared items attached to a property, per category (the overview counts). */
export async function countAttachedByCategory(
  db: Db,
  propertyRowId: string,
): Promise<{ categoryLabel: string; items: number }[]> {
  const rows = await db
    .select({ categoryLabel: contentItems.categoryLabel, items: count() })
    .from(contentItemLinks)
    .innerJoin(contentItems, eq(contentItems.id, contentItemLinks.itemId))
    .where(and(eq(contentItemLinks.propertyId, propertyRowId), liveSharedOwner()))
    .groupBy(contentItems.categoryLabel);
  return rows.map((r) => ({ categoryLabel: r.categoryLabel, items: Number(r.items) }));
}

/** Shared items attached to a property (the guest guide), from a live shared-content property only. */
export async function findAttachedItems(db: Db, propertyRowId: string): Promise<ItemRow[]> {
  const rows = await db
    .select({ item: contentItems })
    .from(contentItemLinks)
    .innerJoin(contentItems, eq(contentItems.id, contentItemLinks.itemId))
    .where(and(eq(contentItemLinks.propertyId, propertyRowId), liveSharedOwner()))
    .orderBy(asc(contentItems.categoryLabel), asc(contentItems.listRank));
  return rows.map((r) => r.item);
}

export async function insertLink(db: Db, values: typeof contentItemLinks.$inferInsert): Promise<void> {
  await db.insert(contentItemLinks).values(values).onConflictDoNothing();
}

export async function deleteLink(db: Db, itemId: string, propertyRowId: string): Promise<void> {
  await db
    .delete(contentItemLinks)
    .where(and(eq(contentItemLinks.itemId, itemId), eq(contentItemLinks.propertyId, propertyRowId)));
}
