import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { properties } from "../../db/schema/properties.ts";

/** Sets a property's active flag by its public id; null when there is none. */
export async function updatePropertyActive(
  db: Db,
  propertyId: string,
  active: boolean,
): Promise<{ id: string; accountId: string } | null> {
  const [row] = await db
    .update(properties)
    .set({ active, updatedAt: new Date() })
    .where(eq(properties.propertyId, propertyId))
    .returning({ id: properties.id, accountId: properties.accountId });
  return row ?? null;
}
