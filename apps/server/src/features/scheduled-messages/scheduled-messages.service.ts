import { isPreArrival, messageDueAt } from "@doorstep/shared/rules/scheduled-messages";
import type { SkipReason, StayMessagesResponse } from "@doorstep/shared/schemas/scheduled-messages";
import type { AppContext } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { getStaysForMessages, pageStaysForMessages, type StayForMessages } from "../stays/stay-schedule.service.ts";
import { findStayByLinkToken } from "../stays/stay-links.service.ts";
import { getStay, stayPropertyRowId } from "../stays/stays.service.ts";
import { ruleOf, type MessageRule } from "./message-rule.ts";
import {
  findActiveMessageRules,
  findMessageRuleById,
  lockMessageRule,
  setRulePlanning,
} from "./message-rules.repository.ts";
import {
  deleteUnsentOfRule,
  deleteUnsentOfRuleBetween,
  deleteUnsentOfStays,
  findOptOuts,
  findScheduledMessage,
  findStayMessages,
  insertOptOut,
  requeueFailedMessage,
  upsertPlannedMessages,
  unclaimMessage,
  type PlannedMessage,
} from "./scheduled-messages.repository.ts";

// Scheduling (decision 050): one message per (stay, rule) in scheduled_messages, with its due instant; the
// sender (commands/send-scheduled-messages.ts) claims those due. Here: what is due when, moved with the stay,
// dropped with it, re-decided when a rule changes.

/** The job that sends what is due now, queued when a message falls due at once (a booking's confirmation). */
export const SEND_DUE_MESSAGES_JOB = "send-due-scheduled-messages";

/**
 * A message due a little while ago is still sent (the sender runs every half minute, and a stay edited just
 * after a message fell due must not lose it); beyond this its time has passed.
 */
const GRACE_MS = 10 * 60_000;
const PAGE = 1000;

/** Whether the rule is for the stay's property. */
const appliesTo = (rule: MessageRule, stay: StayForMessages) =>
  rule.active && (rule.propertyRowIds === null || rule.propertyRowIds.includes(stay.propertyRowId));

/**
 * What becomes of a rule's message for a stay at `now`: due at its time; sent at once when its time has
 * passed but it is a booking or pre-arrival message and the stay has not started; otherwise skipped, with the
 * reason. Null when the rule does not apply (the stay is cancelled, or of another property).
 */
export function planMessage(
  rule: MessageRule,
  stay: StayForMessages,
  now: Date,
  optedOut: boolean,
): PlannedMessage | null {
  if (stay.status !== "confirmed" || !appliesTo(rule, stay)) return null;
  const dueAt = messageDueAt(rule, { ...stay, bookedAt: stay.createdAt }, stay.timeZone);
  const base = { accountId: stay.accountId, stayId: stay.id, ruleId: rule.id, dueAt };
  const skip = (reason: SkipReason): PlannedMessage => ({ ...base, status: "skipped", reason });
  if (optedOut) return skip("unsubscribed");
  if (!(rule.channel === "sms" ? stay.hasPhone : stay.hasEmail)) return skip("no-contact");
  if (dueAt.getTime() >= now.getTime() - GRACE_MS) return { ...base, status: "scheduled", reason: null };
  if (isPreArrival(rule.trigger) && now < stay.checkInAt)
    return { ...base, dueAt: now, status: "scheduled", reason: null };
  return skip("passed");
}

/**
 * Asks the queue to send what is due now (any instance takes it; many asks are one job). Not awaited: a
 * re-plan may run inside a caller's transaction (a property's new zone), and on PGlite's one connection the
 * queue's statement waits for that transaction to end.
 */
function sendSoon(ctx: AppContext, planned: PlannedMessage[], now: Date): void {
  if (!planned.some((p) => p.status === "scheduled" && p.dueAt.getTime() <= now.getTime())) return;
  ctx.jobs.schedule(SEND_DUE_MESSAGES_JOB, { key: "now" }).catch((err: unknown) => {
    // The half-minute sender sends it anyway.
    ctx.log.error({ err }, "scheduled messages: could not queue an immediate send");
  });
}

/**
 * Schedules these stays' messages again from their current dates, times, zone, contact and status: new ones
 * made, unsent ones moved or re-decided, those of a cancelled stay (or one no rule applies to any more)
 * dropped; sent ones stay as they were. Called by the stays feature whenever stays change (onStaysChanged).
 */
export async function rescheduleStayMessages(ctx: AppContext, stayIds: string[]): Promise<void> {
  const now = ctx.now();
  for (let i = 0; i < stayIds.length; i += PAGE) {
    const ids = stayIds.slice(i, i + PAGE);
    const stays = await getStaysForMessages(ctx, ids);
    const rulesOf = new Map<string, MessageRule[]>();
    for (const accountId of new Set(stays.map((s) => s.accountId)))
      rulesOf.set(accountId, (await findActiveMessageRules(ctx.db, accountId)).map(ruleOf));
    const optedOut = await findOptOuts(ctx.db, ids);
    const planned: PlannedMessage[] = [];
    for (const stay of stays)
      for (const rule of rulesOf.get(stay.accountId) ?? []) {
        const p = planMessage(rule, stay, now, optedOut.has(stay.id));
        if (p) planned.push(p);
      }
    // A stay gone from live guides (its property archived or deleted) keeps nothing unsent either.
    await deleteUnsentOfStays(
      ctx.db,
      ids,
      planned.map((p) => `${p.stayId}:${p.ruleId}`),
    );
    await upsertPlannedMessages(ctx.db, planned, now);
    sendSoon(ctx, planned, now);
  }
}

/** The background planning of one rule's messages (keyed by the rule), asked for by every save of it. */
export const PLAN_RULE_JOB = "plan-rule-messages";

/**
 * Asks for a saved rule's messages to be planned in the background (its row already says `planningSince`):
 * the save answers at once, whatever the number of stays.
 */
export async function queueRulePlanning(ctx: AppContext, ruleId: string): Promise<void> {
  await ctx.jobs.schedule(PLAN_RULE_JOB, { key: ruleId });
}

/**
 * One page of a rule's planning, in a transaction holding the rule's row (a save waits for the page, and a
 * page of an older save finds `planningSince` changed and stops): the rule's message for the next `limit`
 * confirmed stays still ahead (after-check-out rules: those that ended within its days), its unsent messages
 * of other stays in that range of ids dropped, the progress recorded. A switched-off rule's unsent messages
 * are all dropped. Returns the messages planned, or null when the planning is done (or not this job's).
 */
async function planRulePage(
  ctx: AppContext,
  ruleId: string,
  since: Date,
  limit: number,
): Promise<PlannedMessage[] | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (db) => {
    const row = await lockMessageRule(db, ruleId);
    if (!row || row.planningSince?.getTime() !== since.getTime()) return null;
    const rule = ruleOf(row);
    if (!rule.active) {
      await deleteUnsentOfRule(db, rule.id);
      await setRulePlanning(db, rule.id, { planningSince: null, planningAfter: null });
      return null;
    }
    const afterId = row.planningAfter;
    const back = rule.trigger === "after-check-out" ? (rule.days + 1) * 86_400_000 : 0;
    const stays = await pageStaysForMessages({ db }, rule.accountId, {
      checkOutAfter: new Date(now.getTime() - back),
      propertyRowIds: rule.propertyRowIds,
      afterId,
      limit,
    });
    const optedOut = await findOptOuts(
      db,
      stays.map((s) => s.id),
    );
    const planned = stays.flatMap((stay) => planMessage(rule, stay, now, optedOut.has(stay.id)) ?? []);
    const upToId = stays.length === limit ? stays.at(-1)!.id : null;
    await deleteUnsentOfRuleBetween(db, rule.id, { afterId, upToId, keep: planned.map((p) => p.stayId) });
    await upsertPlannedMessages(db, planned, now);
    await setRulePlanning(db, rule.id, { planningSince: upToId ? since : null, planningAfter: upToId });
    return planned;
  });
}

/**
 * The job "plan-rule-messages" (keyed by the rule): plans a rule's messages from where its planning stopped,
 * a page of stays at a time, until every stay is planned. Resumable (the progress is on the rule) and
 * idempotent (each page is an upsert of (stay, rule) rows); a later save starts it again from the first
 * stay. Until a stay's page is reached its message is as the last planning left it, and the sender re-decides
 * such a message against the rule as it is now before sending it. Returns the messages planned.
 */
export async function planRuleMessages(
  ctx: AppContext,
  ruleId: string,
  /** Stays a page; `pages` stops early (the tests' instance that dies mid-way). */
  options: { limit?: number; pages?: number } = {},
): Promise<number> {
  const { limit = PAGE, pages = Infinity } = options;
  const row = await getRulePlanning(ctx, ruleId);
  if (!row?.planningSince) return 0;
  let count = 0;
  for (let page = 0; page < pages; page++) {
    const planned = await planRulePage(ctx, ruleId, row.planningSince, limit);
    if (!planned) return count;
    sendSoon(ctx, planned, ctx.now());
    count += planned.length;
  }
  return count;
}

/**
 * The sender's check of a message whose rule is still being planned (its row may be of the rule before the
 * save): what the rule as it is now makes of it; null when the rule no longer applies to the stay.
 */
export async function replanClaimedMessage(
  ctx: AppContext,
  rule: MessageRule,
  stayId: string,
): Promise<PlannedMessage | null> {
  const [stay] = await getStaysForMessages(ctx, [stayId]);
  if (!stay) return null;
  return planMessage(rule, stay, ctx.now(), await hasUnsubscribed(ctx, stayId));
}

/** Puts back a claimed message the sender re-decided (due later, or skipped). */
export async function putBackReplanned(ctx: AppContext, id: string, plan: PlannedMessage): Promise<void> {
  await unclaimMessage(ctx.db, id, {
    dueAt: plan.dueAt,
    status: plan.status,
    reason: plan.reason,
    updatedAt: ctx.now(),
  });
}

const getRulePlanning = (ctx: AppContext, ruleId: string) => findMessageRuleById(ctx.db, ruleId);

/** Drops a rule's unsent messages (it is being deleted). */
export async function dropRuleMessages(ctx: AppContext, ruleId: string): Promise<void> {
  await deleteUnsentOfRule(ctx.db, ruleId);
}

/** The stay's timeline (item 4): each message scheduled, sent, skipped or failed; 404 for another account's stay. */
export async function getStayMessages(
  ctx: AppContext,
  accountId: string,
  stayId: string,
): Promise<StayMessagesResponse> {
  const stay = await getStay(ctx, accountId, stayId);
  const rows = await findStayMessages(ctx.db, accountId, stayId);
  const rules = (await findActiveMessageRules(ctx.db, accountId)).map(ruleOf);
  const unsubscribed = (await findOptOuts(ctx.db, [stayId])).has(stayId);
  const wantsEmail = rules.some(
    (r) => r.channel === "email" && (r.propertyRowIds === null || r.propertyRowIds.includes(stay.propertyRowId)),
  );
  return {
    items: rows.map(({ message: m, ruleName, channel }) => ({
      id: m.id,
      ruleId: m.ruleId,
      ruleName,
      channel,
      status: m.status,
      dueAt: m.dueAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      reason: m.reason,
      delivery: m.delivery,
      language: m.language,
    })),
    noContact: stay.status === "confirmed" && wantsEmail && !stay.guestEmail,
    unsubscribed,
  };
}

/** "Retry": a failed message of the account is sent again at once; 404 for any other. */
/** The property row of one of the account's scheduled messages (its stay's), or null (decision 056's scope). */
export async function scheduledMessagePropertyRowId(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<string | null> {
  const found = await findScheduledMessage(ctx.db, accountId, id);
  return found ? stayPropertyRowId(ctx, accountId, found.stayId) : null;
}

export async function retryScheduledMessage(ctx: AppContext, accountId: string, id: string) {
  const now = ctx.now();
  const row = await requeueFailedMessage(ctx.db, accountId, id, now);
  if (!row) throw notFound("scheduled-message");
  sendSoon(ctx, [{ accountId, stayId: row.stayId, ruleId: "", dueAt: now, status: "scheduled", reason: null }], now);
  const timeline = await getStayMessages(ctx, accountId, row.stayId);
  return timeline.items.find((m) => m.id === id)!;
}

/**
 * The key of a stay's unsubscribe address (`/unsubscribe/{key}`): the stay's id and a MAC of it under the
 * server's key. Not the stay link, so a "New link" leaves every email's unsubscribe working, and the address
 * reveals no way into the stay's guide.
 */
export function unsubscribeKeyOf(ctx: AppContext, stayId: string): string {
  return `${stayId}.${ctx.secrets.sign("unsubscribe", stayId)}`;
}

/** How an unsubscribe request names its stay: the key above, or (emails sent before it) the stay link's token. */
export type UnsubscribeRef = { key: string } | { token: string };

/**
 * One click on an email's unsubscribe link (or the mail app's List-Unsubscribe-Post): that stay's scheduled
 * messages stop (those ahead are marked skipped). False for a key or token that names no stay.
 */
export async function unsubscribeStay(ctx: AppContext, ref: UnsubscribeRef, ip: string): Promise<boolean> {
  const stay = await stayOfRef(ctx, ref, ip);
  if (!stay) return false;
  await insertOptOut(ctx.db, stay.id, stay.accountId, ctx.now());
  await rescheduleStayMessages(ctx, [stay.id]);
  return true;
}

/** The stay's language for the unsubscribe page; null for a key or token that names no stay. */
export async function unsubscribeLanguage(ctx: AppContext, ref: UnsubscribeRef, ip: string): Promise<string | null> {
  return (await stayOfRef(ctx, ref, ip))?.guestLanguage ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function stayOfRef(
  ctx: AppContext,
  ref: UnsubscribeRef,
  ip: string,
): Promise<{ id: string; accountId: string; guestLanguage: string } | null> {
  let stay: { id: string; accountId: string; guestLanguage: string } | null = null;
  if ("key" in ref) {
    const [stayId = "", mac = ""] = ref.key.split(".");
    if (UUID.test(stayId) && ctx.secrets.verify("unsubscribe", stayId, mac))
      stay = (await getStaysForMessages(ctx, [stayId]))[0] ?? null;
  } else {
    stay = (await findStayByLinkToken(ctx, ref.token))?.stay ?? null;
  }
  // Guesses count against the address, as on the stay's page.
  if (!stay) await ctx.rateLimiter.consume("stay-link-miss", ip, ctx.config.guide.stayLinkMisses);
  return stay;
}

/** Whether the stay's guest unsubscribed (the sender checks again before each message). */
export async function hasUnsubscribed(ctx: AppContext, stayId: string): Promise<boolean> {
  return (await findOptOuts(ctx.db, [stayId])).has(stayId);
}
