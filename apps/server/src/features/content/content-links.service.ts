import type { AppContext } from "../../app-context.ts";
import { deleteLink, insertLink } from "./content-links.repository.ts";
import { touchProperties } from "../properties/property.service.ts";
import { findItem } from "./content.repository.ts";

/** A content item as another feature refers to it. */
export interface ContentItemRef {
  id: string;
  accountId: string;
  propertyId: string;
}

/** Finds one of the account's items on a given owner property (the shared-content property), or null. */
export async function findAccountItem(
  ctx: AppContext,
  accountId: string,
  ownerPropertyRowId: string,
  itemId: string,
): Promise<ContentItemRef | null> {
  const item = await findItem(ctx.db, accountId, ownerPropertyRowId, itemId);
  return item && { id: item.id, accountId: item.accountId, propertyId: item.propertyId };
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
    await touchProperties(tx, [link.propertyRowId], now);
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
    await touchProperties(tx, [propertyRowId], now);
    await deleteLink(tx, itemId, propertyRowId);
  });
}
