import type { AppContext, Caller } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { emailsOfUsers } from "../users/user.service.ts";
import { insertAdminAudit, insertAuditEvents, listAdminAudit, listAuditEvents } from "./audit.repository.ts";

/** What a host did to many records at once. */
export type AuditAction = "bulk-update" | "duplicate-property";

export interface AuditChange {
  /** The property's weblink. */
  subject: string;
  details: Record<string, unknown>;
}

/** Records who changed what, and when, in the account's audit trail. */
export async function recordAudit(
  ctx: AppContext,
  caller: Caller,
  action: AuditAction,
  changes: AuditChange[],
): Promise<void> {
  const createdAt = ctx.now();
  await insertAuditEvents(
    ctx.db,
    changes.map((change) => ({
      accountId: caller.accountId,
      userId: caller.userId,
      action,
      subject: change.subject,
      details: change.details,
      createdAt,
    })),
  );
}

/** The account's audit trail, newest first, with the acting user's email while that user exists (the operator's CLI). */
export async function listAccountAudit(db: Db, accountId: string, limit = 100) {
  const events = await listAuditEvents(db, accountId, limit);
  const emails = await emailsOfUsers(
    db,
    events.flatMap((e) => (e.userId ? [e.userId] : [])),
  );
  return events.map(({ userId, ...event }) => ({
    createdAt: event.createdAt,
    email: (userId && emails.get(userId)) ?? null,
    action: event.action,
    subject: event.subject,
    details: event.details,
  }));
}

/** Records what an operator did through the admin CLI. */
export async function recordAdminAction(
  db: Db,
  entry: { actor: string; action: string; target: string | null; details: Record<string, unknown> },
): Promise<void> {
  await insertAdminAudit(db, entry);
}

/** The operators' newest actions first (`npm run admin -- audit-log`). */
export function listAdminActions(db: Db, limit = 50) {
  return listAdminAudit(db, limit);
}
