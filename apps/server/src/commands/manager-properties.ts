import type { ManagerDto, ManagerListQuery, ManagerListResponse } from "@doorstep/shared/schemas/manager";
import type { AppContext, Caller } from "../app-context.ts";
import { notFound } from "../lib/app-error.ts";
import { deleteStoredFile } from "../lib/uploads.ts";
import {
  ensureDefaultManager,
  getDeletableManager,
  getManager,
  listManagers,
  lockManagerForDeletion,
  removeManager,
  type ManagedProperties,
} from "../features/managers/manager.service.ts";
import {
  countManagedProperties,
  isManagerLinked,
  listManagedProperties,
  relinkManagedProperties,
} from "../features/properties/property-managers.service.ts";
import { inTransaction } from "./transaction.ts";

// The manager pages read, and a manager's deletion moves, the properties that link a manager. Properties
// depend on managers (a property links one), so these workflows compose the two features here.

const managedProperties: ManagedProperties = { count: countManagedProperties, list: listManagedProperties };

/** A page of the caller's managers with their property counts (MGR-02, MGR-13). */
export function listManagersWithCounts(
  ctx: AppContext,
  caller: Caller,
  query: ManagerListQuery = {},
): Promise<ManagerListResponse> {
  return listManagers(ctx, caller, query, managedProperties);
}

/** One of the caller's managers with its property count and first properties by title (MGR-07, MGR-13). */
export function getManagerWithProperties(ctx: AppContext, caller: Caller, vanityId: string): Promise<ManagerDto> {
  return getManager(ctx, caller, vanityId, managedProperties);
}

/**
 * Deletes one of the caller's managers (MGR-12). The default manager cannot be deleted; another manager's
 * properties move to the default manager, created first if the account has none (OPEN-47), in one
 * transaction with the deletion. The photo file goes after the commit.
 */
export async function deleteManagerMovingProperties(ctx: AppContext, caller: Caller, vanityId: string): Promise<void> {
  const manager = await getDeletableManager(ctx, caller, vanityId);
  const deleted = await inTransaction(ctx, async (tx) => {
    if (!(await lockManagerForDeletion(tx, caller, manager.id))) return false;
    // The lock keeps a property from being linked to the manager from here on.
    if (await isManagerLinked(tx, caller.accountId, manager.id)) {
      const defaultManager = await ensureDefaultManager(tx, caller);
      await relinkManagedProperties(tx, caller.accountId, manager.id, defaultManager.id);
    }
    await removeManager(tx, caller, manager.id);
    return true;
  });
  if (!deleted) throw notFound("manager");
  await deleteStoredFile(ctx, manager.photoKey);
}
