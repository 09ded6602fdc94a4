// What other layers ask of properties for accounts and operators, apart from the property pages' own service.
import type { Db } from "../../db/client.ts";
import { updatePropertyActive } from "./property-counts.repository.ts";

/** Operator (PROP-17, PropertyActiveStatus): takes one guide offline or back; null when there is no such property. */
export function setPropertyActive(
  db: Db,
  propertyId: string,
  active: boolean,
): Promise<{ id: string; accountId: string } | null> {
  return updatePropertyActive(db, propertyId, active);
}
