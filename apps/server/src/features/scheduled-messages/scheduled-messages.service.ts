import { isPreArrival, messageDueAt } from "@doorstep/shared/rules/scheduled-messages";
import type { SkipReason, StayMessagesResponse } from "@doorstep/shared/schemas/scheduled-messages";
import type { AppContext } from "../../app-context.ts";
import { notFound } from "../../lib/app-error.ts";
import { getStaysForMessages, pageStaysForMessages, type StayForMessages } from "../stays/stay-schedule.service.ts";
import { findStayByLinkToken } from "../stays/stay-links.service.ts";
import { getStay, stayPropertyRowId } from "../stays/stays.service.ts";
import { ruleOf, type MessageRule } from "./message-rule.ts";
import { findActiveMessageRules } from "./message-rules.repository.ts";
import {
  deleteUnsentOfRule,
  deleteUnsentOfStays,
  findOptOuts,
  findScheduledMessage,
  findStayMessages,
  insertOptOut,
  requeueFailedMessage,
  upsertPlannedMessages,
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

/**
 * Schedules a rule's message for every confirmed stay still ahead (after-check-out rules: those that ended
 * within its days), from scratch: its unsent messages are dropped first, so an edited rule's property list
 * or timing holds, and a switched-off rule keeps nothing unsent. Paged by stay, 1000 at a time.
 */
export async function scheduleRuleMessages(ctx: AppContext, rule: MessageRule): Promise<number> {
  await deleteUnsentOfRule(ctx.db, rule.id);
  if (!rule.active) return 0;
  const now = ctx.now();
  const back = rule.trigger === "after-check-out" ? (rule.days + 1) * 86_400_000 : 0;
  let afterId: string | null = null;
  let count = 0;
  for (;;) {
    const stays = await pageStaysForMessages(ctx, rule.accountId, {
      checkOutAfter: new Date(now.getTime() - back),
      propertyRowIds: rule.propertyRowIds,
      afterId,
      limit: PAGE,
    });
    if (stays.length === 0) return count;
    const optedOut = await findOptOuts(
      ctx.db,
      stays.map((s) => s.id),
    );
    const planned = stays.flatMap((stay) => planMessage(rule, stay, now, optedOut.has(stay.id)) ?? []);
    await upsertPlannedMessages(ctx.db, planned, now);
    sendSoon(ctx, planned, now);
    count += planned.length;
    afterId = stays.at(-1)!.id;
    if (stays.length < PAGE) return count;
  }
}

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
 * One click on an email's unsubscribe link (or the mail app's List-Unsubscribe-Post): that stay's scheduled
 * messages stop (those ahead are marked skipped). The link is the stay's own link plus "/unsubscribe": the
 * stay link is already the key to the stay (decision 042). False for a token that opens no stay.
 */
export async function unsubscribeStay(ctx: AppContext, token: string, ip: string): Promise<boolean> {
  const stay = await stayOfToken(ctx, token, ip);
  if (!stay) return false;
  await insertOptOut(ctx.db, stay.id, stay.accountId, ctx.now());
  await rescheduleStayMessages(ctx, [stay.id]);
  return true;
}

/** The stay's language for the unsubscribe page; null for a token that opens no stay. */
export async function unsubscribeLanguage(ctx: AppContext, token: string, ip: string): Promise<string | null> {
  return (await stayOfToken(ctx, token, ip))?.guestLanguage ?? null;
}

async function stayOfToken(ctx: AppContext, token: string, ip: string) {
  const found = await findStayByLinkToken(ctx, token);
  if (!found) {
    // Guesses count against the address, as on the stay's page.
    await ctx.rateLimiter.consume("stay-link-miss", ip, ctx.config.guide.stayLinkMisses);
    return null;
  }
  return found.stay;
}

/** Whether the stay's guest unsubscribed (the sender checks again before each message). */
export async function hasUnsubscribed(ctx: AppContext, stayId: string): Promise<boolean> {
  return (await findOptOuts(ctx.db, [stayId])).has(stayId);
}
