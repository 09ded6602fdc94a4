import { and, asc, eq, inArray } from "drizzle-orm";
import { CONTENT_SYSTEM_ID } from "@doorstep/shared/rules/content";
import type { Db } from "../../db/client.ts";
import { contentCategories, contentTemplates } from "../../db/schema/content.ts";

export type CategoryRow = typeof contentCategories.$inferSelect;
export type TemplateRow = typeof contentTemplates.$inferSelect;

/** System categories of the given theme sets, by ListRank (CONT-04). */
export function findCategories(db: Db, themes: string[]): Promise<CategoryRow[]> {
  return db
    .select()
    .from(contentCategories)
    .where(and(eq(contentCategories.systemId, CONTENT_SYSTEM_ID), inArray(contentCategories.theme, themes)))
    .orderBy(asc(contentCategories.listRank), asc(contentCategories.label));
}

/** System templates of the given theme sets, by ListRank (CONT-04). */
export function findTemplates(db: Db, themes: string[]): Promise<TemplateRow[]> {
  return db
    .select()
    .from(contentTemplates)
    .where(and(eq(contentTemplates.systemId, CONTENT_SYSTEM_ID), inArray(contentTemplates.theme, themes)))
    .orderBy(asc(contentTemplates.listRank), asc(contentTemplates.label));
}
