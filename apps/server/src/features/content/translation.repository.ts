import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentTranslationCache, contentTranslations } from "../../db/schema/content.ts";
import { properties } from "../../db/schema/properties.ts";
import type { TranslationRow } from "./content.repository.ts";

export type CacheRow = typeof contentTranslationCache.$inferSelect;

/** A property by its internal id, for the public guide (no caller: the guide decides who may read). */
export async function findGuideProperty(db: Db, propertyRowId: string) {
  const rows = await db
    .select({
      id: properties.id,
      themeLabel: properties.themeLabel,
      isShared: properties.isShared,
      accountId: properties.accountId,
    })
    .from(properties)
    .where(eq(properties.id, propertyRowId))
    .limit(1);
  return rows[0] ?? null;
}

export function findHostTranslations(db: Db, itemIds: string[], language: string): Promise<TranslationRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contentTranslations)
    .where(and(inArray(contentTranslations.itemId, itemIds), eq(contentTranslations.language, language)));
}

/** Cached machine translations of these items in a language (any version; the caller matches versions). */
export function findCachedTranslations(db: Db, itemIds: string[], language: string): Promise<CacheRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contentTranslationCache)
    .where(and(inArray(contentTranslationCache.itemId, itemIds), eq(contentTranslationCache.language, language)));
}

/** Stores machine translations per (item, ContentVersion, language); a concurrent identical insert is fine. */
export async function insertCachedTranslations(
  db: Db,
  rows: (typeof contentTranslationCache.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(contentTranslationCache).values(rows).onConflictDoNothing();
}
