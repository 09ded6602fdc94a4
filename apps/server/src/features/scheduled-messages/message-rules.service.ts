import { copy } from "@doorstep/shared/copy";
import { MESSAGE_DETAILS, unknownMessageDetails } from "@doorstep/shared/rules/scheduled-messages";
import type {
  MessageRuleDto,
  MessageRuleFields,
  MessageRuleListResponse,
} from "@doorstep/shared/schemas/scheduled-messages";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { inPropertyScope, isPropertyLimited, propertySetInScope } from "../../lib/property-scope.ts";
import { listAccountDefaultLanguages, listAccountGuideLanguages } from "../properties/property.service.ts";
import { listPropertyChoicesFor } from "../properties/property-choices.service.ts";
import { getStayProperty } from "../properties/property-stays.service.ts";
import {
  deleteMessageRule,
  findMessageRule,
  findMessageRuleById,
  findMessageRules,
  insertMessageRule,
  insertMessageRules,
  updateMessageRule,
  type MessageRuleRow,
} from "./message-rules.repository.ts";
import { ruleOf, type MessageRule } from "./message-rule.ts";
import { changedRuleFields, recordRuleActivity } from "./message-rule-activity.ts";
import { dropRuleMessages, queueRulePlanning } from "./scheduled-messages.service.ts";

const s = copy.scheduledMessages.suggestions;
/** The four suggested rules (item 1 of the issue): inactive, with our text for the host to edit. */
const SUGGESTIONS = [
  { key: "booking-confirmation", trigger: "booked", days: 0, atTime: "10:00" },
  { key: "check-in-instructions", trigger: "before-check-in", days: 1, atTime: "10:00" },
  { key: "check-out-reminder", trigger: "before-check-out", days: 1, atTime: "18:00" },
  { key: "thank-you", trigger: "after-check-out", days: 1, atTime: "10:00" },
] as const;

/** Whether SMS may be offered: only with an SMS provider configured. */
export const smsAvailable = (ctx: AppContext) => Boolean(ctx.config.twilio);

/** The languages an account writes messages in: English, its guides' default languages and translations. */
async function accountLanguages(ctx: AppContext, accountId: string): Promise<string[]> {
  const defaults = await listAccountDefaultLanguages(ctx, accountId);
  return [...new Set(["en", ...defaults, ...(await listAccountGuideLanguages(ctx, accountId))])];
}

async function toDto(ctx: AppContext, row: MessageRuleRow): Promise<MessageRuleDto> {
  let propertyIds: string[] | null = null;
  if (row.propertyIds) {
    propertyIds = [];
    for (const id of row.propertyIds) {
      const property = await getStayProperty(ctx, row.accountId, { id });
      if (property) propertyIds.push(property.propertyId);
    }
  }
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    days: row.days,
    atTime: row.atTime,
    propertyIds,
    channel: row.channel,
    texts: row.texts,
    active: row.active,
    suggestion: row.suggestion,
    scheduling: row.planningSince !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Makes the account's four suggested rules the first time it looks (inactive: nothing is sent from them). */
async function ensureSuggestions(ctx: AppContext, accountId: string, rows: MessageRuleRow[]): Promise<boolean> {
  const have = new Set(rows.map((r) => r.suggestion));
  const missing = SUGGESTIONS.filter((r) => !have.has(r.key));
  // Only an account that never had them: a suggestion the host deleted stays deleted.
  if (missing.length < SUGGESTIONS.length) return false;
  const now = ctx.now();
  await insertMessageRules(
    ctx.db,
    missing.map((r, i) => ({
      accountId,
      name: s[r.key].name,
      trigger: r.trigger,
      days: r.days,
      atTime: r.atTime,
      propertyIds: null,
      channel: "email" as const,
      texts: { en: { subject: s[r.key].subject, body: s[r.key].body } },
      active: false,
      suggestion: r.key,
      // In the order above.
      createdAt: new Date(now.getTime() + i),
      updatedAt: now,
    })),
  );
  return true;
}

/**
 * The account's rules (the suggestions made on the first read), with what the form offers. A member limited to
 * chosen properties sees only the rules wholly within them, and picks among theirs (decision 061).
 */
export async function listMessageRules(ctx: AppContext, caller: Caller): Promise<MessageRuleListResponse> {
  const { accountId } = caller;
  let rows = await findMessageRules(ctx.db, accountId);
  if (await ensureSuggestions(ctx, accountId, rows)) rows = await findMessageRules(ctx.db, accountId);
  const items: MessageRuleDto[] = [];
  for (const row of rows) if (propertySetInScope(caller, row.propertyIds)) items.push(await toDto(ctx, row));
  return {
    items,
    languages: await accountLanguages(ctx, accountId),
    properties: await listPropertyChoicesFor(ctx, caller),
    smsAvailable: smsAvailable(ctx),
    details: [...MESSAGE_DETAILS],
  };
}

/**
 * One of the account's rules the caller may reach, or 404: a member limited to chosen properties reaches only
 * the rules whose properties are all theirs, never one for all properties (decision 061).
 */
async function reachableRule(ctx: AppContext, caller: Caller, id: string): Promise<MessageRuleRow> {
  const row = await findMessageRule(ctx.db, caller.accountId, id);
  if (!row || !propertySetInScope(caller, row.propertyIds)) throw notFound("message-rule");
  return row;
}

/** One of the account's rules, or 404 (also for a limited member's rule of other properties). */
export async function getMessageRule(ctx: AppContext, caller: Caller, id: string): Promise<MessageRuleDto> {
  return toDto(ctx, await reachableRule(ctx, caller, id));
}

/** A rule by id for the sender (any account); null when gone. */
export async function getRuleForSending(ctx: AppContext, id: string): Promise<MessageRule | null> {
  const row = await findMessageRuleById(ctx.db, id);
  return row ? ruleOf(row) : null;
}

/**
 * Checks a rule before it is saved: SMS only where offered, a text in some language, every stay detail one the
 * product knows (refused with the detail named, at its field), and properties the caller may use: a limited
 * member names theirs (decision 061).
 */
async function checkedFields(ctx: AppContext, caller: Caller, input: MessageRuleFields) {
  const { accountId } = caller;
  if (input.channel === "sms" && !smsAvailable(ctx))
    throw new AppError("MESSAGE_CHANNEL_UNAVAILABLE", undefined, { at: ["channel"] });
  const texts = Object.fromEntries(Object.entries(input.texts).filter(([, t]) => t.body.trim() !== ""));
  if (Object.keys(texts).length === 0) throw new AppError("MESSAGE_TEXT_REQUIRED", undefined, { at: ["texts"] });
  for (const [language, t] of Object.entries(texts)) {
    for (const field of ["subject", "body"] as const) {
      const [detail] = unknownMessageDetails(t[field]);
      if (detail) throw new AppError("MESSAGE_DETAIL_UNKNOWN", { detail }, { at: ["texts", language, field] });
    }
  }
  if (input.propertyIds === null && isPropertyLimited(caller))
    throw new AppError("ALL_PROPERTIES_NOT_ALLOWED", undefined, { at: ["propertyIds"] });
  let propertyIds: string[] | null = null;
  if (input.propertyIds) {
    propertyIds = [];
    for (const weblink of input.propertyIds) {
      const property = await getStayProperty(ctx, accountId, { propertyId: weblink });
      if (!property || !inPropertyScope(caller, property.id)) throw notFound("property");
      propertyIds.push(property.id);
    }
  }
  return {
    name: input.name,
    trigger: input.trigger,
    days: input.trigger === "booked" || input.trigger === "check-in-day" ? 0 : input.days,
    atTime: input.atTime,
    propertyIds,
    channel: input.channel,
    texts,
    active: input.active,
  };
}

/**
 * A new rule; an active one's messages for the stays ahead are planned in the background (the job
 * "plan-rule-messages"), so the request answers at once. On the activity log (decision 058).
 */
export async function createMessageRule(
  ctx: AppContext,
  caller: Caller,
  input: MessageRuleFields,
): Promise<MessageRuleDto> {
  const { accountId } = caller;
  const fields = await checkedFields(ctx, caller, input);
  const now = ctx.now();
  const row = await insertMessageRule(ctx.db, {
    ...fields,
    accountId,
    ...(fields.active ? { planningSince: now, planningAfter: null } : {}),
    createdAt: now,
    updatedAt: now,
  });
  if (row.planningSince) await queueRulePlanning(ctx, row.id);
  await recordRuleActivity(ctx, caller, row, "created");
  return toDto(ctx, row);
}

/**
 * Changes a rule: every unsent message of it is planned again (or dropped when it is switched off) in the
 * background, from the first stay; the sender re-decides a message of a rule still being planned.
 */
export async function updateRule(
  ctx: AppContext,
  caller: Caller,
  id: string,
  input: MessageRuleFields,
): Promise<MessageRuleDto> {
  const { accountId } = caller;
  const before = await reachableRule(ctx, caller, id);
  const fields = await checkedFields(ctx, caller, input);
  const now = ctx.now();
  const row = await updateMessageRule(ctx.db, accountId, id, {
    ...fields,
    // Each save its own mark (a planning of an earlier save stops at its next page), even within one ms.
    planningSince: new Date(Math.max(now.getTime(), (before.planningSince?.getTime() ?? 0) + 1)),
    planningAfter: null,
    updatedAt: now,
  });
  if (!row) throw notFound("message-rule");
  await queueRulePlanning(ctx, row.id);
  const changed = changedRuleFields(before, row);
  if (changed.length > 0) await recordRuleActivity(ctx, caller, row, "updated", changed);
  return toDto(ctx, row);
}

/** Deletes a rule and its messages. */
export async function removeMessageRule(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const row = await reachableRule(ctx, caller, id);
  await dropRuleMessages(ctx, id);
  await deleteMessageRule(ctx.db, caller.accountId, id);
  await recordRuleActivity(ctx, caller, row, "deleted");
}
