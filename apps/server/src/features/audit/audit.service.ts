import type { AppContext, Caller } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { emailsOfUsers } from "../users/user.service.ts";
import {
  deleteActivityBefore,
  insertAdminAudit,
  insertAuditEvents,
  listActivityEvents,
  listAdminAudit,
  listAuditEvents,
} from "./audit.repository.ts";

/** What a host did to many records at once. */
export type AuditAction = "bulk-update" | "duplicate-property";

/**
 * The kinds of change the activity page lists (decision 058). Features record theirs with `recordActivity`.
 */
export type ActivityKind =
  | "property-settings"
  | "content-item"
  | "publishing"
  | "passcode"
  | "stay"
  | "scheduled-message"
  | "store-order"
  | "team";

export interface ActivityEntry {
  kind: ActivityKind;
  /** The property the change is on (its row id and weblink); absent for account-wide changes. */
  property?: { id: string; propertyId: string };
  /** What changed, briefly: which item and which fields, never whole texts. */
  details: Record<string, unknown>;
}

/** Who acts: a signed-in user, or an API key (userId null). */
export interface ActivityActor {
  accountId: string;
  userId: string | null;
}

/**
 * Records one change on the account's activity log (decision 058): who, what, when, on which property. Call it
 * after the change is made; it is kept 400 days (the `activity-retention` job).
 */
export async function recordActivity(ctx: AppContext, actor: ActivityActor, entry: ActivityEntry): Promise<void> {
  await insertAuditEvents(ctx.db, [
    {
      accountId: actor.accountId,
      userId: actor.userId,
      action: entry.kind,
      subject: entry.property?.propertyId ?? null,
      propertyRowId: entry.property?.id ?? null,
      details: entry.details,
      createdAt: ctx.now(),
    },
  ]);
}

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

/** How long the activity log keeps an entry (decision 058). */
export const ACTIVITY_RETENTION_DAYS = 400;

/** An entry of the activity log as the activity page reads it. */
export interface ActivityRecord {
  id: string;
  createdAt: Date;
  kind: string;
  userId: string | null;
  propertyId: string | null;
  details: Record<string, unknown>;
}

/** A page of the account's activity, newest first, filtered by property row and by member. */
export async function findActivity(
  ctx: AppContext,
  accountId: string,
  filter: { propertyRowId?: string; userId?: string; cursor?: { at: Date; id: string }; limit: number },
): Promise<ActivityRecord[]> {
  const rows = await listActivityEvents(ctx.db, accountId, filter);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    kind: r.action,
    userId: r.userId,
    propertyId: r.subject,
    details: r.details,
  }));
}

/** The `activity-retention` job: entries older than 400 days go, a thousand at a time. */
export async function purgeOldActivity(ctx: AppContext, batch = 1_000): Promise<number> {
  const before = new Date(ctx.now().getTime() - ACTIVITY_RETENTION_DAYS * 86_400_000);
  let total = 0;
  for (let n = batch; n === batch;) {
    n = await deleteActivityBefore(ctx.db, before, batch);
    total += n;
  }
  return total;
}
