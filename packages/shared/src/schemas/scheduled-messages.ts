import { z } from "zod";
import { text } from "./text.ts";
import { StayTime } from "./stays.ts";
import { MESSAGE_CHANNELS, MESSAGE_DETAILS, MESSAGE_TRIGGERS } from "../rules/scheduled-messages.ts";
import { scheduledMessagesCopy } from "../copy/scheduled-messages.ts";

const c = scheduledMessagesCopy.scheduledMessages;

/**
 * Scheduled guest messages (decision 050). Routes (session users):
 *   GET    /api/message-rules                      → MessageRuleListResponse (the four suggestions made on first read)
 *   POST   /api/message-rules                      MessageRuleInput → MessageRuleResponse
 *   GET    /api/message-rules/:ruleId              → MessageRuleResponse
 *   PUT    /api/message-rules/:ruleId              MessageRuleInput → MessageRuleResponse
 *   DELETE /api/message-rules/:ruleId              204
 *   POST   /api/message-rules/preview              MessagePreviewRequest → MessagePreviewResponse
 *   GET    /api/stays/:stayId/scheduled-messages   → StayMessagesResponse (the stay's timeline)
 *   POST   /api/scheduled-messages/:messageId/retry → ScheduledMessageDto
 * Guests: GET and POST /s/:token/unsubscribe (the stay link's key; one click, List-Unsubscribe-Post).
 */

export const MessageText = z.object({
  subject: text().trim().max(200, c.subjectTooLong).default(""),
  body: text().trim().max(5000, c.bodyTooLong).default(""),
});
export type MessageText = z.infer<typeof MessageText>;

export const MessageTrigger = z.enum(MESSAGE_TRIGGERS);
export const MessageChannel = z.enum(MESSAGE_CHANNELS);

export const MessageRuleInput = z
  .object({
    name: text().trim().min(1, c.nameRequired).max(100),
    trigger: MessageTrigger,
    days: z.number().int().min(0).max(365).default(0),
    atTime: StayTime.default("10:00"),
    /** Weblinks of the properties it is for; null for all. */
    propertyIds: z.array(text().min(1).max(60)).min(1, c.propertiesRequired).max(500).nullable().default(null),
    channel: MessageChannel.default("email"),
    /** Per guide language: the subject (email only) and the message. */
    texts: z.record(text().min(2).max(12), MessageText),
    active: z.boolean().default(false),
  })
  .strict();
export type MessageRuleInput = z.input<typeof MessageRuleInput>;
export type MessageRuleFields = z.output<typeof MessageRuleInput>;

export const MessageRuleDto = z.object({
  id: z.uuid(),
  name: text(),
  trigger: MessageTrigger,
  days: z.number().int(),
  atTime: text(),
  propertyIds: z.array(text()).nullable(),
  channel: MessageChannel,
  texts: z.record(text(), z.object({ subject: text(), body: text() })),
  active: z.boolean(),
  /** Which suggested rule it began as (null for the host's own). */
  suggestion: text().nullable(),
  /** Its messages are being planned for the stays in the background (after a save). */
  scheduling: z.boolean(),
  createdAt: text(),
  updatedAt: text(),
});
export type MessageRuleDto = z.infer<typeof MessageRuleDto>;

export const MessageRuleResponse = z.object({ rule: MessageRuleDto });

export const MessageRuleListResponse = z.object({
  items: z.array(MessageRuleDto),
  /** The account's guide languages: a subject and message for each. */
  languages: z.array(text()),
  /** The account's properties a rule may be for (weblink and title). */
  properties: z.array(z.object({ propertyId: text(), title: text() })),
  /** SMS is offered only where an SMS provider is configured. */
  smsAvailable: z.boolean(),
  details: z.array(z.enum(MESSAGE_DETAILS)),
});
export type MessageRuleListResponse = z.infer<typeof MessageRuleListResponse>;

export const MessagePreviewRequest = z
  .object({
    texts: z.record(text().min(2).max(12), MessageText),
    /** The property whose details fill the sample (its weblink); the account's first otherwise. */
    propertyId: text().min(1).max(60).optional(),
  })
  .strict();
export type MessagePreviewRequest = z.infer<typeof MessagePreviewRequest>;

export const MessagePreviewResponse = z.object({
  items: z.array(z.object({ language: text(), subject: text(), body: text() })),
});
export type MessagePreviewResponse = z.infer<typeof MessagePreviewResponse>;

export const SCHEDULED_STATUSES = ["scheduled", "sending", "sent", "skipped", "failed"] as const;
/** Why a message was skipped: codes the stay's timeline words (copy.scheduledMessages.skipReasons). */
export const SKIP_REASONS = ["passed", "no-contact", "unsubscribed"] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const ScheduledMessageDto = z.object({
  id: z.uuid(),
  ruleId: z.uuid(),
  ruleName: text(),
  channel: MessageChannel,
  status: z.enum(SCHEDULED_STATUSES),
  dueAt: text(),
  sentAt: text().nullable(),
  /** A skip reason's code, or the provider's error on a failure. */
  reason: text().nullable(),
  /** The provider's answer on a sent message. */
  delivery: text().nullable(),
  language: text().nullable(),
});
export type ScheduledMessageDto = z.infer<typeof ScheduledMessageDto>;

export const StayMessagesResponse = z.object({
  items: z.array(ScheduledMessageDto),
  /** An active email rule applies and the stay has no guest email. */
  noContact: z.boolean(),
  unsubscribed: z.boolean(),
});
export type StayMessagesResponse = z.infer<typeof StayMessagesResponse>;

export const ScheduledMessageResponse = z.object({ message: ScheduledMessageDto });
