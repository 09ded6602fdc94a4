import { randomBytes } from "node:crypto";
import { copy } from "@doorstep/shared/copy";
import type { AppContext, Caller } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { findAccountItem, linkItemToProperty, unlinkItemFromProperty } from "../content/content-links.service.ts";
import { getOwnedProperty } from "../properties/property.service.ts";
import { createSharedProperty, getSharedProperty } from "../properties/shared-property.service.ts";
import { lockAccountForShared } from "./shared-content.repository.ts";

/** The broadcast channel on which an account id tells every instance that its shared-content property exists. */
const SHARED_CREATED_CHANNEL = "shared-content-created";
/** How long "none yet" is believed without a broadcast (a lost one: Redis down) before it is read again. */
const NONE_YET_MS = 5_000;
const MAX_KNOWN = 10_000;
type Known = Map<string, { propertyId: string | null; at: number }>;
const knownByApp = new WeakMap<AppContext, Known>();

function knownOf(ctx: AppContext): Known {
  let known = knownByApp.get(ctx);
  if (!known) {
    const created: Known = new Map();
    ctx.broadcast.subscribe(SHARED_CREATED_CHANNEL, (accountId) => created.delete(accountId));
    knownByApp.set(ctx, (known = created));
  }
  return known;
}

/**
 * The weblink of the account's shared-content property, or null before first use (SHARED-01/02): what every
 * `/api/me` carries, so it is remembered. Once created the property never changes (it is never archived, and
 * goes only with its account), so a weblink is kept; "none yet" is kept for 5 s at most, and forgotten at once
 * on every instance when one creates it (the broadcast in ensureSharedContent).
 */
export async function getSharedContentPropertyId(ctx: AppContext, accountId: string): Promise<string | null> {
  const known = knownOf(ctx);
  const hit = known.get(accountId);
  if (hit && (hit.propertyId !== null || Date.now() - hit.at < NONE_YET_MS)) return hit.propertyId;
  const propertyId = (await getSharedProperty(ctx, accountId))?.propertyId ?? null;
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(accountId, { propertyId, at: Date.now() });
  return propertyId;
}

/**
 * The account's shared-content property, created on first use (OPEN-59): hidden from property lists,
 * never billed, unpublished (it has no guide of its own). Concurrent first uses create one.
 */
export async function ensureSharedContent(
  ctx: AppContext,
  caller: Caller,
): Promise<{ propertyId: string; created: boolean }> {
  const existing = await getSharedProperty(ctx, caller.accountId);
  if (existing) return { propertyId: existing.propertyId, created: false };
  const result = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockAccountForShared(db, caller.accountId);
    const again = await getSharedProperty(tx, caller.accountId);
    if (again) return { propertyId: again.propertyId, created: false };
    const propertyId = `shared-${randomBytes(6).toString("hex")}`;
    await createSharedProperty(tx, { accountId: caller.accountId, propertyId, title: copy.content.sharedContentTitle });
    return { propertyId, created: true };
  });
  if (result.created) {
    // Committed: no instance may keep answering "none yet" (a failed broadcast expires there within 5 s).
    knownOf(ctx).delete(caller.accountId);
    await ctx.broadcast.publish(SHARED_CREATED_CHANNEL, caller.accountId).catch((err: unknown) => {
      ctx.log.error({ err }, "shared content creation not broadcast");
    });
  }
  return result;
}

/** The caller's shared item, and the caller's ordinary property to attach it to; 404 for anything else (SHARED-12). */
async function bothSides(ctx: AppContext, caller: Caller, propertyId: string, itemId: string) {
  const property = await getOwnedProperty(ctx, caller, propertyId);
  if (property.isShared) throw notFound("property");
  const shared = await getSharedProperty(ctx, caller.accountId);
  const item = shared ? await findAccountItem(ctx, caller.accountId, shared.id, itemId) : null;
  if (!item) throw notFound("content-item");
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

/**
 * Attaches a shared item to several of the caller's properties in one transaction: if any property is not
 * the caller's ordinary property, the answer is 404 and none is attached. Already attached ones stay so.
 */
export async function attachSharedItemToMany(
  ctx: AppContext,
  caller: Caller,
  itemId: string,
  propertyIds: string[],
): Promise<string[]> {
  const unique = [...new Set(propertyIds)];
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    for (const propertyId of unique) {
      const { property, item } = await bothSides(tx, caller, propertyId, itemId);
      await linkItemToProperty(tx, { itemId: item.id, propertyRowId: property.id, accountId: caller.accountId });
    }
  });
  return unique;
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
