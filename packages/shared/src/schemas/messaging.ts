import { z } from "zod";
import { copy } from "../copy.ts";
import { GUEST_NAME_MAX_LENGTH, MESSAGE_MAX_LENGTH } from "../rules/messaging.ts";
import { PageQuery } from "./common.ts";
import { text } from "./text.ts";

const g = copy.guestMessaging;

export const MessageFileDto = z.object({
  id: z.uuid(),
  name: text(),
  kind: z.enum(["image", "video", "document"]),
  contentType: text(),
  size: z.number().int(),
  /** Served only to the host and the guest of this conversation. */
  url: text(),
});
export type MessageFileDto = z.infer<typeof MessageFileDto>;

/** A message (MSG-05) as either side sees it. */
export const MessageDto = z.object({
  id: z.uuid(),
  inbound: z.boolean(),
  read: z.boolean(),
  text: text(),
  /** The guest's name on inbound messages; the host's first name on outbound ones. */
  senderName: text(),
  files: z.array(MessageFileDto),
  createdAt: z.iso.datetime(),
});
export type MessageDto = z.infer<typeof MessageDto>;

/** A row of the inbox (MSG-01, MSG-03, MSG-04). */
export const ConversationSummary = z.object({
  id: z.uuid(),
  title: text(),
  guestName: text(),
  propertyId: text(),
  propertyTitle: text(),
  lastMessage: text(),
  latestMessageAt: z.iso.datetime(),
  unreadCount: z.number().int(),
  blocked: z.boolean(),
  /** The stay it belongs to (written from the stay's link, or a scheduled message): the inbox names it. */
  stay: z.object({ id: z.uuid(), guestName: text(), checkInDate: text(), checkOutDate: text() }).nullable(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationListQuery = PageQuery.extend({
  /** One property's conversations (its weblink). */
  propertyId: text().min(1).max(60).optional(),
  /** One stay's conversation (the stay's page lists it). */
  stayId: z.uuid().optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

export const ConversationListResponse = z.object({
  items: z.array(ConversationSummary),
  nextCursor: text().nullable(),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

export const ConversationResponse = z.object({
  conversation: ConversationSummary.extend({
    /** MSG-07: the reply box shows only while the property takes messages. */
    replyAllowed: z.boolean(),
  }),
  /** Oldest first (MSG-06). */
  messages: z.array(MessageDto),
});
export type ConversationResponse = z.infer<typeof ConversationResponse>;

/** MSG-10: the inbound messages the host has now seen. */
export const MarkReadRequest = z.object({ messageIds: z.array(z.uuid()).min(1).max(500) });
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;

export const UnreadCountResponse = z.object({ unreadMessageCount: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;

export const UpdateConversationRequest = z.object({ blocked: z.boolean() }).strict();
export type UpdateConversationRequest = z.infer<typeof UpdateConversationRequest>;

/** The text part of a host's reply (MSG-11); files come in the same multipart body. */
export const ReplyFields = z.object({
  text: text().trim().max(MESSAGE_MAX_LENGTH, copy.messaging.emptyReply).default(""),
});
export type ReplyFields = z.infer<typeof ReplyFields>;

export const MessageResponse = z.object({ message: MessageDto });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** The guest's form in the guide (GUIDE-18, IMPL-07/09): `website` is a honeypot a person leaves empty. */
export const GuestMessageFields = z.object({
  firstName: text().trim().min(1, g.required(g.firstName)).max(GUEST_NAME_MAX_LENGTH),
  lastName: text().trim().min(1, g.required(g.lastName)).max(GUEST_NAME_MAX_LENGTH),
  message: text().trim().min(1, g.required(g.message)).max(MESSAGE_MAX_LENGTH, g.messageTooLong(MESSAGE_MAX_LENGTH)),
  email: text()
    .trim()
    .max(254, g.emailInvalid)
    .refine((value) => value === "" || z.email().safeParse(value).success, g.emailInvalid)
    .default(""),
  website: text().max(200).default(""),
});
export type GuestMessageFields = z.infer<typeof GuestMessageFields>;

/** The guest's own thread (GUIDE-19): only what this browser's guest and the host wrote. */
export const GuestThreadResponse = z.object({
  messages: z.array(MessageDto),
  /** Whether the guide takes messages now. */
  open: z.boolean(),
});
export type GuestThreadResponse = z.infer<typeof GuestThreadResponse>;

/** A guest browser's push subscription for replies (IMPL-08): `PushSubscription.toJSON()`. */
export const PushSubscriptionRequest = z.object({
  endpoint: text().url().max(1000),
  keys: z.object({ p256dh: text().min(1).max(200), auth: text().min(1).max(100) }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

export const PushUnsubscribeRequest = z.object({ endpoint: text().url().max(1000) });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequest>;
