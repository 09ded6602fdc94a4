import { randomUUID } from "node:crypto";
import type {
  GuestMessageFields,
  GuestThreadResponse,
  MessageDto,
  PushSubscriptionRequest,
} from "@doorstep/shared/schemas/messaging";
import type { AppContext } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { storeAttachments } from "./message-files.ts";
import {
  countUnread,
  deletePushSubscription,
  upsertPushSubscription,
  findGuestConversation,
  findStayConversation,
  findMessageFile,
  insertInboundMessage,
  insertMessageFiles,
} from "./messaging.repository.ts";
import { guestKeyOf, publishMessageEvent } from "./message-events.service.ts";
import { guestFileUrl, loadThread, messageFolder, toMessageDto } from "./messaging.service.ts";

/** The guest's live stream key on this guide (their page hears the host's replies). */
export const guestStreamKey = (guide: GuestGuide, endUserId: string) => guestKeyOf(guide.id, endUserId);

/**
 * The live stream key of a stay link's messages page: its stay conversation's (whoever began it, the guest
 * or a scheduled message); null while the stay has none.
 */
export async function stayStreamKey(ctx: AppContext, guide: GuestGuide): Promise<string | null> {
  const conversation = guide.stayId ? await findStayConversation(ctx.db, guide.stayId) : null;
  return conversation ? guestKeyOf(guide.id, conversation.endUserId) : null;
}

/** A guest writes a few messages; a script is held back (per IP, and per guide for many IPs at once). */
const PER_IP = { max: 10, windowMs: 10 * 60_000 };
const PER_GUIDE = { max: 120, windowMs: 10 * 60_000 };

/** The guide a guest writes to: what the guest routes know of it. */
export interface GuestGuide {
  id: string;
  accountId: string;
  propertyId: string;
  managerId: string | null;
  inboundMessagingActive: boolean;
  /** Reached through a stay's link: the guest's messages belong to that stay (decision 050). */
  stayId?: string;
}

/**
 * A guest's message from the guide (GUIDE-18, IMPL-07/09): only while the property takes messages; rate
 * limited; the honeypot filled means a robot, answered as if sent and stored nowhere; a blocked guest's
 * message is dropped the same way. Files are checked by content and stored under the property before the
 * message is. Returns the stored message, or null when it was dropped.
 */
export async function sendGuestMessage(
  ctx: AppContext,
  input: { guide: GuestGuide; endUserId: string; fields: GuestMessageFields; files: ReceivedFile[]; ip: string },
): Promise<MessageDto | null> {
  const { guide, fields } = input;
  if (!guide.inboundMessagingActive) throw new AppError("GUEST_MESSAGES_OFF");
  const limits = ctx.config.rateLimits;
  await ctx.rateLimiter.consume("guest-message-ip", input.ip, limits.guestMessagesPerIp ?? PER_IP);
  await ctx.rateLimiter.consume("guest-message-guide", guide.id, limits.guestMessagesPerGuide ?? PER_GUIDE);
  if (fields.website) return null;

  const messageId = randomUUID();
  const folder = messageFolder(guide.accountId, guide.id, messageId);
  const stored = await storeAttachments(ctx, folder, input.files);
  let saved: Awaited<ReturnType<typeof insertInboundMessage>>;
  let files: Awaited<ReturnType<typeof insertMessageFiles>>;
  // Only a failure to store the message takes its files back; what follows it never does.
  try {
    saved = await insertInboundMessage(ctx.db, {
      messageId,
      accountId: guide.accountId,
      propertyRowId: guide.id,
      managerId: guide.managerId,
      endUserId: input.endUserId,
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email || null,
      text: fields.message,
      at: ctx.now(),
      stayId: guide.stayId,
    });
    files = saved
      ? await insertMessageFiles(
          ctx.db,
          stored.map((s) => ({ ...s, messageId })),
        )
      : [];
  } catch (error) {
    await ctx.storage.deletePrefix(`${folder}/`);
    throw error;
  }
  if (!saved) {
    await ctx.storage.deletePrefix(`${folder}/`);
    return null;
  }
  // MSG-16: the host's dashboards hear of it at once, on whichever instance they are.
  await publishMessageEvent(ctx, {
    type: "inbound",
    accountId: guide.accountId,
    conversationId: saved.conversation.id,
    propertyId: saved.conversation.propertyId,
    unreadCount: await countUnread(ctx.db, guide.accountId),
  });
  return toMessageDto(saved.message, files, null, guestFileUrl(guide.propertyId));
}

/** The guest's own thread on this guide (GUIDE-19): empty until they write. */
export async function getGuestThread(
  ctx: AppContext,
  guide: GuestGuide,
  endUserId: string | null,
): Promise<GuestThreadResponse> {
  const conversation = guide.stayId
    ? await findStayConversation(ctx.db, guide.stayId)
    : endUserId
      ? await findGuestConversation(ctx.db, guide.id, endUserId)
      : null;
  return {
    messages: conversation ? await loadThread(ctx, conversation.id, guestFileUrl(guide.propertyId)) : [],
    open: guide.inboundMessagingActive,
  };
}

/** An attachment of the guest's own conversation on this guide; any other is not found. */
export async function getGuestAttachment(ctx: AppContext, guide: GuestGuide, endUserId: string | null, fileId: string) {
  const found = endUserId ? await findMessageFile(ctx.db, fileId) : null;
  if (!found || found.propertyRowId !== guide.id || found.endUserId !== endUserId) throw notFound("file");
  return found.file;
}

/**
 * A guest's browser asks to be told of replies by Web Push (IMPL-08). Only a guest who has written (so has a
 * conversation to hear of), and only to a push service's address: the server never posts where a guest says.
 */
export async function subscribeGuestToPush(
  ctx: AppContext,
  guide: GuestGuide,
  endUserId: string | null,
  input: PushSubscriptionRequest,
): Promise<void> {
  const conversation = endUserId ? await findGuestConversation(ctx.db, guide.id, endUserId) : null;
  if (!endUserId || !conversation) throw new AppError("PUSH_NO_CONVERSATION");
  if (!ctx.push.allows(input.endpoint)) {
    throw new AppError("PUSH_ENDPOINT_REFUSED", undefined, { at: ["endpoint"] });
  }
  await upsertPushSubscription(ctx.db, {
    propertyId: guide.id,
    endUserId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
  });
}

export async function unsubscribeGuestFromPush(
  ctx: AppContext,
  guide: GuestGuide,
  endUserId: string | null,
  endpoint: string,
): Promise<void> {
  if (endUserId) await deletePushSubscription(ctx.db, guide.id, endUserId, endpoint);
}

/** The key browsers subscribe with (public by design). */
export const pushPublicKey = (ctx: AppContext) => ctx.push.publicKey;
