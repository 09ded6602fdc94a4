import type { AppContext, Caller } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { insertAuditEvents, listAuditEvents } from "./audit.repository.ts";

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

/** The account's audit trail, newest first, for the operator's CLI. */
export function listAccountAudit(db: Db, accountId: string, limit = 100) {
  return listAuditEvents(db, accountId, limit);
}
