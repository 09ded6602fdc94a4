import type { AppContext } from "../../app-context.ts";
import { deleteLink, insertLink } from "./content-links.repository.ts";
import { findItem, touchProperty, type ItemRow } from "./content.repository.ts";

export type { ItemRow } from "./content.repository.ts";

/** Finds one of the account's items on a given owner property (the shared-content property), or null. */
export function findAccountItem(
  ctx: AppContext,
  accountId: string,
  ownerPropertyRowId: string,
  itemId: string,
): Promise<ItemRow | null> {
  return findItem(ctx.db, accountId, ownerPropertyRowId, itemId);
}

/**
 * Links a shared item to a property, touching the property in the same transaction (SHARED-08, OPEN-46):
 * the item with its sub-items and translations is reached through the one link row. Idempotent.
 */
export async function linkItemToProperty(
  ctx: AppContext,
  link: { itemId: string; propertyRowId: string; accountId: string },
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await touchProperty(tx, link.propertyRowId, now);
    await insertLink(tx, {
      itemId: link.itemId,
      propertyId: link.propertyRowId,
      accountId: link.accountId,
      createdAt: now,
    });
  });
}

/** Unlinks a shared item from a property, touching the property; unlinking an unlinked item is a no-op. */
export async function unlinkItemFromProperty(ctx: AppContext, itemId: string, propertyRowId: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await touchProperty(tx, propertyRowId, now);
    await deleteLink(tx, itemId, propertyRowId);
  });
}
