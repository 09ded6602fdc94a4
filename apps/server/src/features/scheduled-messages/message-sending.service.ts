import type { SkipReason } from "@doorstep/shared/schemas/scheduled-messages";
import type { AppContext } from "../../app-context.ts";
import { isSmsProviderRequest } from "../../providers/sms/index.ts";
import {
  claimDueMessages,
  deleteClaimedMessage,
  setDelivery,
  settleMessage,
  type ClaimedMessage,
} from "./scheduled-messages.repository.ts";

// The sender's side of scheduled messages (decision 050): claims due messages and settles each one. The
// workflow that reads the stay, fills the text, sends and records it is commands/send-scheduled-messages.ts.

/** Further attempts after a provider's failure, the first after 30 s, doubling: about 15 minutes in all. */
export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
/** A claim lasts this long: a sender that died mid-send leaves the message to be taken again after it. */
const LEASE_MS = 5 * 60_000;

/** Takes up to `limit` messages due now, for this sender alone. */
export function claimDueScheduledMessages(ctx: AppContext, limit: number): Promise<ClaimedMessage[]> {
  const now = ctx.now();
  return claimDueMessages(ctx.db, now, new Date(now.getTime() + LEASE_MS), limit);
}

/** The message went: when, in which language, to whom, and what the provider answered. */
export async function markMessageSent(
  ctx: AppContext,
  id: string,
  sent: { language: string; recipient: string; delivery: string },
): Promise<void> {
  const now = ctx.now();
  await settleMessage(ctx.db, id, { status: "sent", sentAt: now, reason: null, ...sent, updatedAt: now });
}

/**
 * The provider failed: tried again after a backoff (30 s, doubling) until the attempts are used up, then
 * failed, for the host's "Retry". Answers whether it will be retried.
 */
export async function markMessageFailure(ctx: AppContext, message: ClaimedMessage, error: string): Promise<boolean> {
  const now = ctx.now();
  const reason = error.slice(0, 500);
  if (message.attempts < MAX_ATTEMPTS) {
    const dueAt = new Date(now.getTime() + FIRST_RETRY_MS * 2 ** (message.attempts - 1));
    await settleMessage(ctx.db, message.id, { status: "scheduled", dueAt, reason, updatedAt: now });
    return true;
  }
  await settleMessage(ctx.db, message.id, { status: "failed", reason, updatedAt: now });
  return false;
}

/** Not sent, with the reason (no contact, unsubscribed). */
export async function markMessageSkipped(ctx: AppContext, id: string, reason: SkipReason): Promise<void> {
  await settleMessage(ctx.db, id, { status: "skipped", reason, updatedAt: ctx.now() });
}

/** No longer applies (its stay was cancelled or is gone, its rule switched off): dropped, never sent. */
export async function dropClaimedMessage(ctx: AppContext, id: string): Promise<void> {
  await deleteClaimedMessage(ctx.db, id);
}

/**
 * The SMS provider's delivery report (its status webhook): checked by the provider's signature over the full
 * address and the posted fields, then the message's delivery recorded ("delivered"; "failed" or "undelivered"
 * mark it failed, for "Retry"). False when the signature does not hold.
 */
export async function recordSmsDelivery(
  ctx: AppContext,
  report: { url: string; signature: string | undefined; fields: Record<string, string>; messageId: string },
): Promise<boolean> {
  if (!isSmsProviderRequest(ctx, report.signature, report.url, report.fields)) return false;
  const status = report.fields.MessageStatus ?? "";
  if (/^[0-9a-f-]{36}$/.test(report.messageId) && status)
    await setDelivery(ctx.db, report.messageId, status, status === "failed" || status === "undelivered", ctx.now());
  return true;
}
