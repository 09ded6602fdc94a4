import type { AppContext } from "../../app-context.ts";
import {
  countPropertiesOfManagers,
  findPropertiesOfManager,
  hasPropertiesOfManager,
  updatePropertiesManager,
} from "./property-managers.repository.ts";

// What the manager pages need of the properties that link a manager. The managers feature sits below
// properties (a property links a manager), so commands/manager-properties.ts composes the two.

/** How many non-archived properties each of `managerIds` manages, from one grouped query (MGR-13). */
export function countManagedProperties(
  ctx: Pick<AppContext, "db">,
  accountId: string,
  managerIds: string[],
): Promise<Map<string, number>> {
  return countPropertiesOfManagers(ctx.db, accountId, managerIds);
}

/** The first `limit` non-archived properties a manager manages, by title (MGR-13). */
export function listManagedProperties(
  ctx: Pick<AppContext, "db">,
  accountId: string,
  managerId: string,
  limit: number,
): Promise<{ propertyId: string; title: string }[]> {
  return findPropertiesOfManager(ctx.db, accountId, managerId, limit);
}

/** Whether any property of the account, archived or not, still links this manager. */
export function isManagerLinked(ctx: Pick<AppContext, "db">, accountId: string, managerId: string): Promise<boolean> {
  return hasPropertiesOfManager(ctx.db, accountId, managerId);
}

/** Moves the account's properties from one manager to another (OPEN-47: a deleted manager's go to the default). */
export function relinkManagedProperties(
  ctx: Pick<AppContext, "db">,
  accountId: string,
  fromManagerId: string,
  toManagerId: string,
): Promise<void> {
  return updatePropertiesManager(ctx.db, accountId, fromManagerId, toManagerId);
}
