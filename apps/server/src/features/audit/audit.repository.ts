import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountAuditEvents } from "../../db/schema/audit.ts";
import { users } from "../../db/schema/users.ts";

export type AuditEntry = typeof accountAuditEvents.$inferInsert;

export async function insertAuditEvents(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(accountAuditEvents).values(entries);
}

/** The account's newest events first, with the acting user's email while that user exists. */
export function listAuditEvents(db: Db, accountId: string, limit: number) {
  return db
    .select({
      createdAt: accountAuditEvents.createdAt,
      email: users.email,
      action: accountAuditEvents.action,
      subject: accountAuditEvents.subject,
      details: accountAuditEvents.details,
    })
    .from(accountAuditEvents)
    .leftJoin(users, eq(users.id, accountAuditEvents.userId))
    .where(eq(accountAuditEvents.accountId, accountId))
    .orderBy(desc(accountAuditEvents.createdAt), desc(accountAuditEvents.id))
    .limit(limit);
}
