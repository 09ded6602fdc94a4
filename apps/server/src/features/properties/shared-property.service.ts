import type { AppContext } from "../../app-context.ts";
import { newToken } from "../../lib/tokens.ts";
import { findSharedProperty, insertSharedProperty } from "./shared-property.repository.ts";

/** The account's shared-content property (SHARED-01): its row id and weblink, or null before first use. */
export function getSharedProperty(
  ctx: AppContext,
  accountId: string,
): Promise<{ id: string; propertyId: string } | null> {
  return findSharedProperty(ctx.db, accountId);
}

/**
 * Makes the account's shared-content property (OPEN-59): hidden from property lists, never billed,
 * unpublished (it has no guide of its own). The shared-content feature decides when, under its lock.
 */
export async function createSharedProperty(
  ctx: AppContext,
  shared: { accountId: string; propertyId: string; title: string },
): Promise<void> {
  await insertSharedProperty(ctx.db, { ...shared, guideSessionToken: newToken() });
}
