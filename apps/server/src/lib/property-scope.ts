/**
 * The account scope narrowed to a member's properties (decision 056). A caller whose `propertyScope` is null or
 * absent reaches every property of its account; an editor or viewer limited to chosen properties reaches those
 * and the account's shared-content property (shared content is edited for every property alike). Everything
 * else answers 404, exactly like another account's id.
 */
export interface PropertyScoped {
  propertyScope?: readonly string[] | null;
}

/** Whether the caller is limited to chosen properties. */
export function isPropertyLimited(caller: PropertyScoped): caller is { propertyScope: readonly string[] } {
  return Array.isArray(caller.propertyScope);
}

/** Whether a property row (`properties.id`) is within the caller's scope; the shared-content property always is. */
export function inPropertyScope(caller: PropertyScoped, propertyRowId: string, isShared = false): boolean {
  if (!isPropertyLimited(caller) || isShared) return true;
  return caller.propertyScope.includes(propertyRowId);
}

/**
 * Whether a set of properties (row ids; null for all the account's, present and future) lies wholly within the
 * caller's scope (decision 061): a limited member reaches a scheduled-message rule or store offer only then.
 */
export function propertySetInScope(caller: PropertyScoped, propertyRowIds: readonly string[] | null): boolean {
  if (!isPropertyLimited(caller)) return true;
  if (propertyRowIds === null) return false;
  return propertyRowIds.every((id) => caller.propertyScope.includes(id));
}
