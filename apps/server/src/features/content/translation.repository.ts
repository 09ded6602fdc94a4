import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contentTranslationCache, contentTranslations } from "../../db/schema/content.ts";
import type { TranslationRow } from "./content.repository.ts";

export type CacheRow = typeof contentTranslationCache.$inferSelect;

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
