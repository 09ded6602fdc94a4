import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { properties } from "../../db/schema/properties.ts";
import { ownedBy, type PropertyPatch } from "./property.repository.ts";

/** The details a bulk edit reads, of the account's live properties among these weblinks, in one statement. */
export function findEditableProperties(db: Db, accountId: string, propertyIds: string[]) {
  return db
    .select({
      propertyId: properties.propertyId,
      title: properties.title,
      isShared: properties.isShared,
      defaultLanguage: properties.defaultLanguage,
      languageTranslations: properties.languageTranslations,
      managerId: properties.managerId,
      companyProfile: properties.companyProfile,
      hexPrimary: properties.hexPrimary,
      hexSecondary: properties.hexSecondary,
      published: properties.published,
      inboundMessagingActive: properties.inboundMessagingActive,
      outboundMessagingActive: properties.outboundMessagingActive,
    })
    .from(properties)
    .where(and(ownedBy(accountId), inArray(properties.propertyId, propertyIds)));
}

/**
 * One patch to many of the account's live guides (never the shared-content property) and their modified date;
 * answers the weblinks it updated (one archived meanwhile is not among them).
 */
export async function updateOwnedProperties(
  db: Db,
  accountId: string,
  propertyIds: string[],
  patch: PropertyPatch,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(properties)
    .set({ ...patch, updatedAt: at })
    .where(and(ownedBy(accountId), inArray(properties.propertyId, propertyIds), eq(properties.isShared, false)))
    .returning({ propertyId: properties.propertyId });
  return rows.map((r) => r.propertyId);
}
