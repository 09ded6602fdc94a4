import type { SQL, SQLWrapper } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { copy } from "@doorstep/shared/copy";
import { MESSAGE_FILE_MAX_BYTES, MAX_MESSAGE_FILES, messagePreview } from "@doorstep/shared/rules/messaging";
import type {
  ConversationListQuery,
  ConversationListResponse,
  ConversationResponse,
  ConversationSummary,
  MessageDto,
} from "@doorstep/shared/schemas/messaging";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { ReceivedFile } from "../../lib/streamed-upload.ts";
import { getOwnedGuideProperty } from "../properties/property.service.ts";
import { getUserFirstName } from "../users/account-lookup.service.ts";
import { guestKeyOf, publishMessageEvent } from "./message-events.service.ts";
import { storeAttachments } from "./message-files.ts";
import {
  countUnread,
  unreadCountSql,
  findConversation,
  findMessageFile,
  insertMessageFiles,
  insertOutboundMessage,
  insertStayOutboundMessage,
  listConversations,
  listFilesOf,
  listMessages,
  markInboundRead,
  setConversationBlocked,
  type MessageFileRow,
  type MessageRow,
  findConversationPropertyRowId,
  findMessageFilePropertyRowId,
} from "./messaging.repository.ts";

const PAGE = 30;
/** A conversation shows its latest messages up to this many (a guest's stay rarely comes near). */
const THREAD_LIMIT = 500;

export const MESSAGE_UPLOAD = { maxBytes: MESSAGE_FILE_MAX_BYTES, maxFiles: MAX_MESSAGE_FILES, fields: ["files"] };

/** Where a message's files live: under its property, so deleting the property purges them (OPEN-39). */
export const messageFolder = (accountId: string, propertyRowId: string, messageId: string) =>
  `accounts/${accountId}/properties/${propertyRowId}/messages/${messageId}`;

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}

function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError("INVALID_CURSOR");
  }
  return { at: new Date(at), id };
}

type SummaryRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

function toSummary(row: SummaryRow): ConversationSummary {
  const c = row.conversation;
  return {
    id: c.id,
    title: c.title,
    guestName: `${c.creatorFirstName} ${c.creatorLastName}`,
    propertyId: row.propertyId,
    propertyTitle: row.propertyTitle,
    lastMessage: row.lastText ? messagePreview(row.lastText) : copy.messaging.noText,
    latestMessageAt: c.latestMessageAt.toISOString(),
    unreadCount: row.unread,
    blocked: c.blocked,
    stay: row.stay
      ? {
          id: row.stay.id,
          guestName: `${row.stay.guestFirstName} ${row.stay.guestLastName}`.trim(),
          checkInDate: row.stay.checkInDate,
          checkOutDate: row.stay.checkOutDate,
        }
      : null,
  };
}

/** A message as either side sees it; `fileUrl` says where that side reads a file. */
export function toMessageDto(
  message: MessageRow,
  files: MessageFileRow[],
  hostFirstName: string | null,
  fileUrl: (file: MessageFileRow) => string,
): MessageDto {
  return {
    id: message.id,
    inbound: message.inbound,
    read: message.readByRecipient,
    text: message.detailText,
    senderName: message.inbound
      ? `${message.contactFirstName ?? ""} ${message.contactLastName ?? ""}`.trim()
      : (hostFirstName ?? copy.guestMessaging.host),
    files: files.map((f) => ({
      id: f.id,
      name: f.fileName,
      kind: f.kind,
      contentType: f.contentType,
      size: f.size,
      url: fileUrl(f),
    })),
    createdAt: message.createdAt.toISOString(),
  };
}

/** The messages of a conversation, oldest first, with their files. */
export async function loadThread(
  ctx: AppContext,
  conversationId: string,
  fileUrl: (file: MessageFileRow) => string,
): Promise<MessageDto[]> {
  const rows = await listMessages(ctx.db, conversationId, THREAD_LIMIT);
  const files = await listFilesOf(
    ctx.db,
    rows.map((r) => r.message.id),
  );
  return rows.map((r) =>
    toMessageDto(
      r.message,
      files.filter((f) => f.messageId === r.message.id),
      r.hostFirstName,
      fileUrl,
    ),
  );
}

const hostFileUrl = (file: MessageFileRow) => `/api/message-files/${file.id}`;
/** Where the guest reads a file of their thread on this guide (its weblink). */
export const guestFileUrl = (weblink: string) => (file: MessageFileRow) => `/g/${weblink}/messages/files/${file.id}`;

/** The inbox (MSG-01, MSG-03): the caller's conversations, latest first, a page at a time. */
export async function findConversations(
  ctx: AppContext,
  caller: Caller,
  query: ConversationListQuery,
): Promise<ConversationListResponse> {
  const limit = query.limit ?? PAGE;
  const propertyRowId = query.propertyId ? (await getOwnedGuideProperty(ctx, caller, query.propertyId)).id : undefined;
  const rows = await listConversations(ctx.db, caller.accountId, {
    propertyRowId,
    stayId: query.stayId,
    scope: caller.propertyScope,
    cursor: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor:
      rows.length > limit && last ? encodeCursor(last.conversation.latestMessageAt, last.conversation.id) : null,
  };
}

async function ownedConversation(ctx: AppContext, caller: Caller, id: string): Promise<SummaryRow> {
  const row = await findConversation(ctx.db, caller.accountId, id);
  if (!row) throw notFound("conversation");
  return row;
}

/** A conversation and its messages (MSG-06, MSG-07, MSG-20). */
export async function getConversation(ctx: AppContext, caller: Caller, id: string): Promise<ConversationResponse> {
  const row = await ownedConversation(ctx, caller, id);
  return {
    conversation: { ...toSummary(row), replyAllowed: row.replyAllowed },
    messages: await loadThread(ctx, id, hostFileUrl),
  };
}

/** MSG-10: the inbound messages the host has seen are read; answers the new unread count. */
export async function markMessagesRead(
  ctx: AppContext,
  caller: Caller,
  id: string,
  messageIds: string[],
): Promise<number> {
  await ownedConversation(ctx, caller, id);
  await markInboundRead(ctx.db, caller.accountId, id, messageIds);
  const unreadCount = await countUnread(ctx.db, caller.accountId);
  // The account's other tabs and devices take the new count too.
  await publishMessageEvent(ctx, { type: "read", accountId: caller.accountId, unreadCount });
  return unreadCount;
}

/**
 * SQL for the unread inbound messages of the account `accountId` names, over all its conversations: GET /api/me
 * reads it with the user in one statement (MSG-18, decision 027).
 */
export function unreadCountOf(accountId: SQLWrapper): SQL<number> {
  return unreadCountSql(accountId);
}

/** MSG-18: the header badge. */
export function getUnreadCount(ctx: AppContext, accountId: string, scope?: readonly string[] | null): Promise<number> {
  return countUnread(ctx.db, accountId, scope);
}

/**
 * The host's reply (MSG-11, MSG-13, OPEN-30): text and up to 10 files, in the caller's conversation, only
 * while its property takes messages (MSG-07). Files are checked and stored before the message is.
 */
export async function replyToConversation(
  ctx: AppContext,
  caller: Caller,
  id: string,
  receive: () => Promise<{ text: string; files: ReceivedFile[] }>,
): Promise<MessageDto> {
  // Who may write here is settled before a byte of the upload is read.
  const row = await ownedConversation(ctx, caller, id);
  if (!row.replyAllowed) throw new AppError("REPLIES_OFF");
  const { text, files } = await receive();
  if (!text && files.length === 0) {
    throw new AppError("REPLY_EMPTY", undefined, { at: ["text"] });
  }
  const messageId = randomUUID();
  const folder = messageFolder(caller.accountId, row.conversation.propertyId, messageId);
  const stored = await storeAttachments(ctx, folder, files);
  let message: MessageRow;
  let saved: MessageFileRow[];
  // Only a failure to store the message takes its files back; what follows it never does.
  try {
    message = await insertOutboundMessage(ctx.db, {
      id: messageId,
      accountId: caller.accountId,
      conversationId: id,
      userId: caller.userId,
      text,
      at: ctx.now(),
    });
    saved = await insertMessageFiles(
      ctx.db,
      stored.map((s) => ({ ...s, messageId })),
    );
  } catch (error) {
    await ctx.storage.deletePrefix(`${folder}/`);
    throw error;
  }
  const hostName = await getUserFirstName(ctx, caller.userId);
  await publishMessageEvent(ctx, {
    type: "outbound",
    accountId: caller.accountId,
    conversationId: id,
    propertyId: row.conversation.propertyId,
    guestKey: guestKeyOf(row.conversation.propertyId, row.conversation.endUserId),
    message: toMessageDto(message, saved, hostName, guestFileUrl(row.propertyId)),
  });
  return toMessageDto(message, saved, hostName, hostFileUrl);
}

/** Blocks a guest (new messages from them are dropped) or unblocks them. */
export async function setBlocked(ctx: AppContext, caller: Caller, id: string, blocked: boolean): Promise<void> {
  if (!(await setConversationBlocked(ctx.db, caller.accountId, id, blocked))) throw notFound("conversation");
}

/** An attachment the caller's account may read: another account's is not found. */
export async function getHostAttachment(ctx: AppContext, caller: Caller, fileId: string) {
  const found = await findMessageFile(ctx.db, fileId);
  if (!found || found.accountId !== caller.accountId) throw notFound("file");
  return found.file;
}

/**
 * A scheduled message sent to a stay's guest (decision 050) joins the stay's conversation, so the host sees in
 * the inbox everything the guest was told.
 */
export async function recordStayMessage(
  ctx: AppContext,
  input: {
    accountId: string;
    propertyRowId: string;
    stayId: string;
    firstName: string;
    lastName: string;
    email: string | null;
    text: string;
  },
): Promise<void> {
  const { conversationId, endUserId, message } = await insertStayOutboundMessage(ctx.db, { ...input, at: ctx.now() });
  // A stay link's messages page open now shows it at once (its stream is the stay conversation's).
  await publishMessageEvent(ctx, {
    type: "outbound",
    accountId: input.accountId,
    conversationId,
    propertyId: input.propertyRowId,
    guestKey: guestKeyOf(input.propertyRowId, endUserId),
    message: toMessageDto(message, [], null, guestFileUrl("")),
  });
}

/** The property row of a conversation of the account, or null: the permission hook's property scope (decision 056). */
export function conversationPropertyRowId(ctx: AppContext, accountId: string, id: string): Promise<string | null> {
  return findConversationPropertyRowId(ctx.db, accountId, id);
}

/** The property row of a file in a conversation of the account, or null (decision 056). */
export function messageFilePropertyRowId(ctx: AppContext, accountId: string, fileId: string): Promise<string | null> {
  return findMessageFilePropertyRowId(ctx.db, accountId, fileId);
}
