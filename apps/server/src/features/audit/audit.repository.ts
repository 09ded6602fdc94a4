import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountAuditEvents, adminAuditLog } from "../../db/schema/audit.ts";

export type AuditEntry = typeof accountAuditEvents.$inferInsert;

export async function insertAuditEvents(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(accountAuditEvents).values(entries);
}

/** The account's newest events first, with the acting user's id. */
export function listAuditEvents(db: Db, accountId: string, limit: number) {
  return db
    .select({
      createdAt: accountAuditEvents.createdAt,
      userId: accountAuditEvents.userId,
      action: accountAuditEvents.action,
      subject: accountAuditEvents.subject,
      details: accountAuditEvents.details,
    })
    .from(accountAuditEvents)
    .where(eq(accountAuditEvents.accountId, accountId))
    .orderBy(desc(accountAuditEvents.createdAt), desc(accountAuditEvents.id))
    .limit(limit);
}

export async function insertAdminAudit(db: Db, entry: typeof adminAuditLog.$inferInsert): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export function listAdminAudit(db: Db, limit: number) {
  return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
}
