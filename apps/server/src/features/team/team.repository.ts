import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { teamInvitations } from "../../db/schema/team.ts";

export type InvitationRow = typeof teamInvitations.$inferSelect;

export async function insertInvitation(db: Db, values: typeof teamInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(teamInvitations).values(values).returning();
  return row!;
}

/** The account's invitations still open at `now`, newest first. */
export function findPendingInvitations(db: Db, accountId: string, now: Date): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.accountId, accountId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(teamInvitations.createdAt));
}

/** One of the account's invitations still open (neither accepted nor revoked; expired ones too, for resending). */
export async function findOpenInvitation(db: Db, accountId: string, id: string): Promise<InvitationRow | null> {
  const rows = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.accountId, accountId),
        eq(teamInvitations.id, id),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function findInvitationByHash(db: Db, tokenHash: string): Promise<InvitationRow | null> {
  const rows = await db.select().from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

export async function updateInvitation(
  db: Db,
  id: string,
  patch: Partial<Pick<InvitationRow, "tokenHash" | "expiresAt" | "sentAt" | "acceptedAt" | "revokedAt">>,
): Promise<void> {
  await db.update(teamInvitations).set(patch).where(eq(teamInvitations.id, id));
}

/** Marks an open invitation accepted; false when another request took it first (a link works once). */
export async function claimInvitation(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(teamInvitations)
    .set({ acceptedAt: at })
    .where(and(eq(teamInvitations.id, id), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}
