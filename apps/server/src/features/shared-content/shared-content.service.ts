import { randomBytes } from "node:crypto";
import { copy } from "@doorstep/shared/copy";
import type { AppContext, Caller } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { newToken } from "../../lib/tokens.ts";
import { findAccountItem, linkItemToProperty, unlinkItemFromProperty } from "../content/content-links.service.ts";
import { getOwnedProperty } from "../properties/property.service.ts";
import { findSharedProperty, insertSharedProperty, lockAccountForShared } from "./shared-content.repository.ts";

/** The weblink of the account's shared-content property, or null before first use (SHARED-01/02). */
export async function getSharedContentPropertyId(ctx: AppContext, accountId: string): Promise<string | null> {
  return (await findSharedProperty(ctx.db, accountId))?.propertyId ?? null;
}

/**
 * The account's shared-content property, created on first use (OPEN-59): hidden from property lists,
 * never billed, unpublished (it has no guide of its own). Concurrent first uses create one.
 */
export async function ensureSharedContent(
  ctx: AppContext,
  caller: Caller,
): Promise<{ propertyId: string; created: boolean }> {
  const existing = await findSharedProperty(ctx.db, caller.accountId);
  if (existing) return { propertyId: existing.propertyId, created: false };
  return ctx.db.transaction(async (tx) => {
    await lockAccountForShared(tx, caller.accountId);
    const again = await findSharedProperty(tx, caller.accountId);
    if (again) return { propertyId: again.propertyId, created: false };
    const propertyId = `shared-${randomBytes(6).toString("hex")}`;
    await insertSharedProperty(tx, {
      accountId: caller.accountId,
      propertyId,
      title: copy.content.sharedContentTitle,
      guideSessionToken: newToken(),
    });
    return { propertyId, created: true };
  });
}

/** The caller's shared item, and the caller's ordinary property to attach it to; 404 for anything else (SHARED-12). */
async function bothSides(ctx: AppContext, caller: Caller, propertyId: string, itemId: string) {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  if (property.isShared) throw notFound("Property not found");
  const shared = await findSharedProperty(ctx.db, caller.accountId);
  const item = shared ? await findAccountItem(ctx, caller.accountId, shared.id, itemId) : null;
  if (!item) throw notFound("Content item not found");
  return { property, item };
}

/**
 * Attaches a shared item to a property (SHARED-08, OPEN-46): one link row in one transaction brings the
 * item with its sub-items and translations, which are reached through it. Idempotent.
 */
export async function attachSharedItem(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  itemId: string,
): Promise<void> {
  const { property, item } = await bothSides(ctx, caller, propertyId, itemId);
  await linkItemToProperty(ctx, { itemId: item.id, propertyRowId: property.id, accountId: caller.accountId });
}

/** Detaches a shared item from a property (SHARED-08); detaching an unattached item is a no-op. */
export async function detachSharedItem(
  ctx: AppContext,
  caller: Caller,
  propertyId: string,
  itemId: string,
): Promise<void> {
  const { property, item } = await bothSides(ctx, caller, propertyId, itemId);
  await unlinkItemFromProperty(ctx, item.id, property.id);
}
