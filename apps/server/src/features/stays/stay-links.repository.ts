import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stayLinks, stayLinkSettings } from "../../db/schema/stays.ts";

export type StayLinkRow = typeof stayLinks.$inferSelect;
export type StayLinkSettingsRow = typeof stayLinkSettings.$inferSelect;

/** The account's stay's link row, or null when none was made yet. */
export async function findStayLink(db: Db, accountId: string, stayId: string): Promise<StayLinkRow | null> {
  const [row] = await db
    .select()
    .from(stayLinks)
    .where(and(eq(stayLinks.accountId, accountId), eq(stayLinks.stayId, stayId)))
    .limit(1);
  return row ?? null;
}

/** The link whose token hashes to `tokenHash` (the unique index), whatever the account. */
export async function findStayLinkByHash(db: Db, tokenHash: string): Promise<StayLinkRow | null> {
  const [row] = await db.select().from(stayLinks).where(eq(stayLinks.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/**
 * Stores a stay's link: the first, or a new one replacing the old (its counts start again). With `onlyIfNone`,
 * a link another request made first is kept and answered.
 */
export async function putStayLink(
  db: Db,
  row: { stayId: string; accountId: string; tokenHash: string; tokenEncrypted: string; createdAt: Date },
  onlyIfNone: boolean,
): Promise<StayLinkRow> {
  const insert = db.insert(stayLinks).values(row);
  const written = onlyIfNone
    ? await insert.onConflictDoNothing({ target: stayLinks.stayId }).returning()
    : await insert
        .onConflictDoUpdate({
          target: stayLinks.stayId,
          set: {
            tokenHash: row.tokenHash,
            tokenEncrypted: row.tokenEncrypted,
            openedCount: 0,
            firstOpenedAt: null,
            lastOpenedAt: null,
            createdAt: row.createdAt,
          },
        })
        .returning();
  if (written[0]) return written[0];
  const existing = await findStayLink(db, row.accountId, row.stayId);
  if (!existing) throw new Error("stay link vanished while being made");
  return existing;
}

/** Counts openings of a link (one, or a batch), the last at `at`. */
export async function countStayLinkOpen(db: Db, stayId: string, at: Date, times = 1): Promise<void> {
  await db
    .update(stayLinks)
    .set({
      openedCount: sql`${stayLinks.openedCount} + ${times}`,
      firstOpenedAt: sql`coalesce(${stayLinks.firstOpenedAt}, ${at.toISOString()}::timestamptz)`,
      lastOpenedAt: at,
    })
    .where(eq(stayLinks.stayId, stayId));
}

export async function findStayLinkSettings(db: Db, accountId: string): Promise<StayLinkSettingsRow | null> {
  const [row] = await db.select().from(stayLinkSettings).where(eq(stayLinkSettings.accountId, accountId)).limit(1);
  return row ?? null;
}

export async function putStayLinkSettings(
  db: Db,
  row: Omit<StayLinkSettingsRow, "updatedAt"> & { updatedAt: Date },
): Promise<void> {
  await db
    .insert(stayLinkSettings)
    .values(row)
    .onConflictDoUpdate({
      target: stayLinkSettings.accountId,
      set: { revealDaysBefore: row.revealDaysBefore, endsAt: row.endsAt, updatedAt: row.updatedAt },
    });
}
