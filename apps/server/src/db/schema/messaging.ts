import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { managers } from "./managers.ts";
import { properties } from "./properties.ts";
import { stays } from "./stays.ts";
import { accounts, users } from "./users.ts";

/**
 * A conversation between a guest and the host of one property (MSG-04): one per guest (EndUserId) per
 * property, so a guest's later messages continue it. `latest_message_at` orders the inbox (MSG-03).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    managerId: uuid("manager_id").references(() => managers.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    creatorFirstName: text("creator_first_name").notNull(),
    creatorLastName: text("creator_last_name").notNull(),
    /** The guest's identity, kept in a sealed cookie in their browser (IMPL-06). */
    endUserId: text("end_user_id").notNull(),
    /** Where to tell the guest of a reply, if they gave it. */
    guestEmail: text("guest_email"),
    /** The stay it belongs to: written from the stay's link, or a scheduled message sent for it (decision 050). */
    stayId: uuid("stay_id").references(() => stays.id, { onDelete: "set null" }),
    /** Blocked by the host: the guest's new messages are dropped. */
    blocked: boolean("blocked").notNull().default(false),
    latestMessageAt: timestamp("latest_message_at", { withTimezone: true }).notNull(),
    /** When the host was emailed about this new conversation; null until then. */
    hostNotifiedAt: timestamp("host_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversations_unnotified_idx")
      .on(t.createdAt)
      .where(sql`${t.hostNotifiedAt} is null`),
    index("conversations_account_latest_idx").on(t.accountId, t.latestMessageAt, t.id),
    index("conversations_property_latest_idx").on(t.propertyId, t.latestMessageAt, t.id),
    uniqueIndex("conversations_property_end_user_unique").on(t.propertyId, t.endUserId),
    // One conversation per stay.
    uniqueIndex("conversations_stay_unique")
      .on(t.stayId)
      .where(sql`${t.stayId} is not null`),
  ],
);

/** A message (MSG-05): inbound from the guest, or outbound from the host (`linked_user_id`). */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    inbound: boolean("inbound").notNull(),
    readByRecipient: boolean("read_by_recipient").notNull().default(false),
    detailText: text("detail_text").notNull(),
    contactFirstName: text("contact_first_name"),
    contactLastName: text("contact_last_name"),
    endUserId: text("end_user_id"),
    linkedUserId: uuid("linked_user_id").references(() => users.id, { onDelete: "set null" }),
    /** When the other side was told of it by email (or found to need no email); null until the job has seen it. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** When the guest's browsers were sent a push for this reply (outbound only); null until the job has seen it. */
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversation_messages_unnotified_idx")
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} is null`),
    index("conversation_messages_unpushed_idx")
      .on(t.createdAt)
      .where(sql`${t.pushedAt} is null and not ${t.inbound}`),
    index("conversation_messages_conversation_idx").on(t.conversationId, t.createdAt),
    // The header badge (MSG-18) counts these on every dashboard load.
    index("conversation_messages_unread_idx")
      .on(t.accountId, t.conversationId)
      .where(sql`${t.inbound} and not ${t.readByRecipient}`),
  ],
);

/** A file attached to a message (MSG-13), stored under the conversation's folder and served only to its two sides. */
export const messageFiles = pgTable(
  "message_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => conversationMessages.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    kind: text("kind", { enum: ["image", "video", "document"] }).notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_files_message_idx").on(t.messageId)],
);

/** A guest's browser that asked to be told of replies by Web Push (IMPL-08): per guest (EndUserId) per guide. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    endUserId: text("end_user_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_guest_idx").on(t.propertyId, t.endUserId),
  ],
);
