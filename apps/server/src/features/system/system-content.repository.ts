import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { systemContent } from "../../db/schema/system.ts";

export type SystemContentRow = typeof systemContent.$inferSelect;

export async function findSystemContentByLabel(db: Db, detailLabel: string): Promise<SystemContentRow | null> {
  const rows = await db.select().from(systemContent).where(eq(systemContent.detailLabel, detailLabel)).limit(1);
  return rows[0] ?? null;
}

/** Writes the given fields of an entry, creating it if need be. */
export async function upsertSystemContent(
  db: Db,
  detailLabel: string,
  patch: Partial<Omit<SystemContentRow, "detailLabel" | "updatedAt">>,
  at: Date,
): Promise<void> {
  await db
    .insert(systemContent)
    .values({ detailLabel, ...patch, updatedAt: at })
    .onConflictDoUpdate({ target: systemContent.detailLabel, set: { ...patch, updatedAt: at } });
}
