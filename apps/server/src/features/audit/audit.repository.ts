import { and, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountAuditEvents, adminAuditLog } from "../../db/schema/audit.ts";

export type AuditEntry = typeof accountAuditEvents.$inferInsert;

export async function insertAuditEvents(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length > 0) await db.insert(accountAuditEvents).values(entries);
}

/** The account's newest events first, with the acting user's id. */
export function listAuditEvents(db: Db, accountId: string, limit: number) {
  return (
    db
      .select({
        createdAt: accountAuditEvents.createdAt,
        userId: accountAuditEvents.userId,
        action: accountAuditEvents.action,
        subject: accountAuditEvents.subject,
        details: accountAuditEvents.details,
      })
      .from(accountAuditEvents)
      // The CLI's account-audit lists bulk changes; the activity page reads the rest (decision 058).
      .where(
        and(
          eq(accountAuditEvents.accountId, accountId),
          inArray(accountAuditEvents.action, ["bulk-update", "duplicate-property"]),
        ),
      )
      .orderBy(desc(accountAuditEvents.createdAt), desc(accountAuditEvents.id))
      .limit(limit)
  );
}

export async function insertAdminAudit(db: Db, entry: typeof adminAuditLog.$inferInsert): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export function listAdminAudit(db: Db, limit: number) {
  return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
}

/** A page of the account's activity, newest first, keyset-paged on (created_at, id) (decision 058). */
export function listActivityEvents(
  db: Db,
  accountId: string,
  filter: { propertyRowId?: string; userId?: string; cursor?: { at: Date; id: string }; limit: number },
) {
  const conditions: (SQL | undefined)[] = [eq(accountAuditEvents.accountId, accountId)];
  if (filter.propertyRowId) conditions.push(eq(accountAuditEvents.propertyRowId, filter.propertyRowId));
  if (filter.userId) conditions.push(eq(accountAuditEvents.userId, filter.userId));
  if (filter.cursor) {
    const { at, id } = filter.cursor;
    conditions.push(
      or(
        lt(accountAuditEvents.createdAt, at),
        and(eq(accountAuditEvents.createdAt, at), lt(accountAuditEvents.id, id)),
      ),
    );
  }
  return db
    .select()
    .from(accountAuditEvents)
    .where(and(...conditions))
    .orderBy(desc(accountAuditEvents.createdAt), desc(accountAuditEvents.id))
    .limit(filter.limit);
}

/** Deletes up to `batch` events recorded before `before`; how many went. */
export async function deleteActivityBefore(db: Db, before: Date, batch: number): Promise<number> {
  const rows = await db
    .delete(accountAuditEvents)
    .where(
      inArray(
        accountAuditEvents.id,
        sql`(select ${accountAuditEvents.id} from ${accountAuditEvents} where ${accountAuditEvents.createdAt} < ${before.toISOString()}::timestamptz limit ${batch})`,
      ),
    )
    .returning({ id: accountAuditEvents.id });
  return rows.length;
}
