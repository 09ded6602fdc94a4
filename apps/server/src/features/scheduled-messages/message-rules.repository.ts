import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { messageRules } from "../../db/schema/scheduled-messages.ts";

export type MessageRuleRow = typeof messageRules.$inferSelect;
export type NewMessageRuleRow = typeof messageRules.$inferInsert;

/** The account's rules, oldest first. */
export function findMessageRules(db: Db, accountId: string): Promise<MessageRuleRow[]> {
  return db
    .select()
    .from(messageRules)
    .where(eq(messageRules.accountId, accountId))
    .orderBy(asc(messageRules.createdAt), asc(messageRules.id));
}

/** The account's active rules. */
export function findActiveMessageRules(db: Db, accountId: string): Promise<MessageRuleRow[]> {
  return db
    .select()
    .from(messageRules)
    .where(and(eq(messageRules.accountId, accountId), eq(messageRules.active, true)));
}

export async function findMessageRule(db: Db, accountId: string, id: string): Promise<MessageRuleRow | null> {
  const [row] = await db
    .select()
    .from(messageRules)
    .where(and(eq(messageRules.accountId, accountId), eq(messageRules.id, id)))
    .limit(1);
  return row ?? null;
}

/** A rule by id, whatever its account (the sender reads the rule of a message it claimed). */
export async function findMessageRuleById(db: Db, id: string): Promise<MessageRuleRow | null> {
  const [row] = await db.select().from(messageRules).where(eq(messageRules.id, id)).limit(1);
  return row ?? null;
}

/** The rule, locked until the transaction ends (a page of its planning against a save). */
export async function lockMessageRule(db: Db, id: string): Promise<MessageRuleRow | null> {
  const [row] = await db.select().from(messageRules).where(eq(messageRules.id, id)).for("update").limit(1);
  return row ?? null;
}

/** Records a planning page done (`planningAfter`), or the planning finished (both null). */
export async function setRulePlanning(
  db: Db,
  id: string,
  planning: { planningSince: Date | null; planningAfter: string | null },
): Promise<void> {
  await db.update(messageRules).set(planning).where(eq(messageRules.id, id));
}

/** Inserts rules; a suggestion the account already has is left as it is (two first reads agree). */
export async function insertMessageRules(db: Db, rows: NewMessageRuleRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(messageRules).values(rows).onConflictDoNothing();
}

export async function insertMessageRule(db: Db, row: NewMessageRuleRow): Promise<MessageRuleRow> {
  const [made] = await db.insert(messageRules).values(row).returning();
  return made!;
}

export async function updateMessageRule(
  db: Db,
  accountId: string,
  id: string,
  patch: Partial<NewMessageRuleRow>,
): Promise<MessageRuleRow | null> {
  const [row] = await db
    .update(messageRules)
    .set(patch)
    .where(and(eq(messageRules.accountId, accountId), eq(messageRules.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the rule; its messages go with it (sent ones too: the conversation keeps what the guest was told). */
export async function deleteMessageRule(db: Db, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(messageRules)
    .where(and(eq(messageRules.accountId, accountId), eq(messageRules.id, id)))
    .returning({ id: messageRules.id });
  return rows.length > 0;
}
