import { and, asc, eq, gt, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { messageRules, scheduledMessageOptOuts, scheduledMessages } from "../../db/schema/scheduled-messages.ts";

export type ScheduledMessageRow = typeof scheduledMessages.$inferSelect;

/** One (stay, rule) message as the scheduler decides it. */
export interface PlannedMessage {
  accountId: string;
  stayId: string;
  ruleId: string;
  dueAt: Date;
  status: "scheduled" | "skipped";
  reason: string | null;
}

/** Rows not yet sent: the scheduler may move, skip or drop them. */
const UNSENT = sql`${scheduledMessages.status} in ('scheduled', 'skipped')`;

/**
 * Writes the planned messages: new ones inserted, unsent ones moved or re-decided; one being sent, sent or
 * failed is left as it is (a failure waits for "Retry").
 */
export async function upsertPlannedMessages(db: Db, rows: PlannedMessage[], now: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((r) => ({ ...r, createdAt: now, updatedAt: now }));
    await db
      .insert(scheduledMessages)
      .values(batch)
      .onConflictDoUpdate({
        target: [scheduledMessages.stayId, scheduledMessages.ruleId],
        set: {
          dueAt: sql`excluded.due_at`,
          status: sql`excluded.status`,
          reason: sql`excluded.reason`,
          leaseUntil: null,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: UNSENT,
      });
  }
}

/** Drops the unsent messages of these stays, except those of the rules each still has ("stayId:ruleId"). */
export async function deleteUnsentOfStays(db: Db, stayIds: string[], keep: string[]): Promise<void> {
  if (stayIds.length === 0) return;
  await db
    .delete(scheduledMessages)
    .where(
      and(
        inArray(scheduledMessages.stayId, stayIds),
        UNSENT,
        keep.length
          ? sql`(${scheduledMessages.stayId}::text || ':' || ${scheduledMessages.ruleId}::text) <> all(${`{${keep.join(",")}}`}::text[])`
          : undefined,
      ),
    );
}

/** Drops a rule's unsent messages (the rule was switched off, or is scheduled again from scratch). */
export async function deleteUnsentOfRule(db: Db, ruleId: string): Promise<void> {
  await db.delete(scheduledMessages).where(and(eq(scheduledMessages.ruleId, ruleId), UNSENT));
}

/**
 * Drops a rule's unsent messages of stays with ids after `afterId` (null: from the first) up to `upToId`
 * (null: to the last), except those of `keep` (the stays of that page the rule now has a message for).
 */
export async function deleteUnsentOfRuleBetween(
  db: Db,
  ruleId: string,
  range: { afterId: string | null; upToId: string | null; keep: string[] },
): Promise<void> {
  await db
    .delete(scheduledMessages)
    .where(
      and(
        eq(scheduledMessages.ruleId, ruleId),
        UNSENT,
        range.afterId ? gt(scheduledMessages.stayId, range.afterId) : undefined,
        range.upToId ? lte(scheduledMessages.stayId, range.upToId) : undefined,
        range.keep.length ? notInArray(scheduledMessages.stayId, range.keep) : undefined,
      ),
    );
}

/** A claimed message: what the sender needs to send it. */
export interface ClaimedMessage {
  id: string;
  accountId: string;
  stayId: string;
  ruleId: string;
  attempts: number;
}

/**
 * Takes up to `limit` messages due at `now` (and any whose sender died: its lease ran out), marking them being
 * sent until `leaseUntil`. FOR UPDATE SKIP LOCKED along the partial index of unsent messages by due time: two
 * instances take different messages, and the cost is the messages due, whatever the number of stays.
 */
export async function claimDueMessages(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    update ${scheduledMessages} sm
    set status = 'sending', lease_until = ${leaseUntil.toISOString()}::timestamptz, attempts = sm.attempts + 1,
      updated_at = ${at}::timestamptz
    from (
      select id from ${scheduledMessages}
      where status in ('scheduled', 'sending') and due_at <= ${at}::timestamptz
        and (status = 'scheduled' or lease_until < ${at}::timestamptz)
      order by due_at
      limit ${limit}
      for update skip locked
    ) due
    where sm.id = due.id
    returning sm.id, sm.account_id, sm.stay_id, sm.rule_id, sm.attempts`)) as unknown as {
    rows: { id: string; account_id: string; stay_id: string; rule_id: string; attempts: number }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    stayId: r.stay_id,
    ruleId: r.rule_id,
    attempts: Number(r.attempts),
  }));
}

/** Puts a claimed message back, re-decided (its rule changed while being planned). */
export async function unclaimMessage(
  db: Db,
  id: string,
  patch: { dueAt: Date; status: "scheduled" | "skipped"; reason: string | null; updatedAt: Date },
): Promise<void> {
  await db
    .update(scheduledMessages)
    .set({ ...patch, leaseUntil: null, attempts: sql`greatest(${scheduledMessages.attempts} - 1, 0)` })
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, "sending")));
}

/** Settles a claimed message (only while it is still this sender's: being sent). */
export async function settleMessage(
  db: Db,
  id: string,
  patch: Partial<
    Pick<ScheduledMessageRow, "status" | "reason" | "dueAt" | "sentAt" | "delivery" | "language" | "recipient">
  > & {
    updatedAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(scheduledMessages)
    .set({ ...patch, leaseUntil: null })
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, "sending")))
    .returning({ id: scheduledMessages.id });
  return rows.length > 0;
}

/** Drops a claimed message that no longer applies (its stay was cancelled, its rule switched off). */
export async function deleteClaimedMessage(db: Db, id: string): Promise<void> {
  await db.delete(scheduledMessages).where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, "sending")));
}

/** A stay's messages with their rule's name and channel, by due time. */
export function findStayMessages(db: Db, accountId: string, stayId: string) {
  return db
    .select({ message: scheduledMessages, ruleName: messageRules.name, channel: messageRules.channel })
    .from(scheduledMessages)
    .innerJoin(messageRules, eq(messageRules.id, scheduledMessages.ruleId))
    .where(and(eq(scheduledMessages.accountId, accountId), eq(scheduledMessages.stayId, stayId)))
    .orderBy(asc(scheduledMessages.dueAt), asc(scheduledMessages.id));
}

/** A failed message of the account, queued to send at `now`; null for any other id or state. */
export async function requeueFailedMessage(db: Db, accountId: string, id: string, now: Date) {
  const [row] = await db
    .update(scheduledMessages)
    .set({ status: "scheduled", dueAt: now, attempts: 0, reason: null, updatedAt: now })
    .where(
      and(
        eq(scheduledMessages.accountId, accountId),
        eq(scheduledMessages.id, id),
        eq(scheduledMessages.status, "failed"),
      ),
    )
    .returning({ id: scheduledMessages.id, stayId: scheduledMessages.stayId });
  return row ?? null;
}

/** The account's message by id (null for another account's). */
export async function findScheduledMessage(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select({ id: scheduledMessages.id, stayId: scheduledMessages.stayId, status: scheduledMessages.status })
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.accountId, accountId), eq(scheduledMessages.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertOptOut(db: Db, stayId: string, accountId: string, at: Date): Promise<void> {
  await db.insert(scheduledMessageOptOuts).values({ stayId, accountId, createdAt: at }).onConflictDoNothing();
}

/** Which of these stays' guests unsubscribed. */
export async function findOptOuts(db: Db, stayIds: string[]): Promise<Set<string>> {
  if (stayIds.length === 0) return new Set();
  const rows = await db
    .select({ stayId: scheduledMessageOptOuts.stayId })
    .from(scheduledMessageOptOuts)
    .where(inArray(scheduledMessageOptOuts.stayId, stayIds));
  return new Set(rows.map((r) => r.stayId));
}

/** Counts the queue by status (the bench's queue size). */
export async function countMessagesByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: scheduledMessages.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(scheduledMessages)
    .groupBy(scheduledMessages.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The provider's later word on a sent message (an SMS's delivery report); a failure marks it failed. */
export async function setDelivery(db: Db, id: string, delivery: string, failed: boolean, at: Date): Promise<boolean> {
  const rows = await db
    .update(scheduledMessages)
    .set({ delivery, ...(failed ? { status: "failed" as const, reason: delivery } : {}), updatedAt: at })
    .where(and(eq(scheduledMessages.id, id), inArray(scheduledMessages.status, ["sending", "sent"])))
    .returning({ id: scheduledMessages.id });
  return rows.length > 0;
}
