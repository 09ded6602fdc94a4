import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { stays } from "./stays.ts";
import { accounts } from "./users.ts";

/** A message's subject and text in one guide language, as the host wrote them (tokens `{{stay.…}}` kept). */
export interface MessageRuleText {
  subject: string;
  body: string;
}

/**
 * A scheduled message rule (decision 050): when, for which properties, on which channel, and its text per guide
 * language. Suggested rules come inactive (`suggestion` names which); nothing is sent from an inactive rule.
 */
export const messageRules = pgTable(
  "message_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    trigger: text("trigger", {
      enum: ["booked", "before-check-in", "check-in-day", "before-check-out", "after-check-out"],
    }).notNull(),
    /** Days before or after (0 for the booking and check-in day). */
    days: integer("days").notNull().default(0),
    /** "HH:MM" on each property's own clock (unused for the booking). */
    atTime: text("at_time").notNull().default("10:00"),
    /** Property row ids the rule is for; null for all the account's properties. */
    propertyIds: jsonb("property_ids").$type<string[] | null>(),
    channel: text("channel", { enum: ["email", "sms"] })
      .notNull()
      .default("email"),
    texts: jsonb("texts").$type<Record<string, MessageRuleText>>().notNull(),
    active: boolean("active").notNull().default(false),
    suggestion: text("suggestion"),
    /**
     * While the rule's messages are being planned in the background (the job "plan-rule-messages", keyed by
     * the rule): the save that asked for it; null once every stay is planned.
     */
    planningSince: timestamp("planning_since", { withTimezone: true }),
    /** The planning's progress: the last stay id planned (stays are planned in pages by id); null to begin. */
    planningAfter: uuid("planning_after"),
    ...timestamps,
  },
  (t) => [
    index("message_rules_account_idx").on(t.accountId, t.createdAt),
    uniqueIndex("message_rules_suggestion_unique")
      .on(t.accountId, t.suggestion)
      .where(sql`${t.suggestion} is not null`),
  ],
);

/**
 * One (stay, rule) message (decision 050): its due instant and what became of it. The sender claims due rows
 * with FOR UPDATE SKIP LOCKED along the partial index of those still waiting, so its cost is the messages due.
 */
export const scheduledMessages = pgTable(
  "scheduled_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    ruleId: uuid("rule_id")
      .notNull()
      .references(() => messageRules.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["scheduled", "sending", "sent", "skipped", "failed"] }).notNull(),
    /** Why it was skipped or failed (a code, SCHEDULED_SKIP_REASONS), or the provider's error. */
    reason: text("reason"),
    attempts: integer("attempts").notNull().default(0),
    /** A claim's end: a sender that died mid-send leaves it, and the message is taken again after it. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The provider's answer on delivery ("accepted", "delivered", …). */
    delivery: text("delivery"),
    language: text("language"),
    recipient: text("recipient"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("scheduled_messages_stay_rule_unique").on(t.stayId, t.ruleId),
    index("scheduled_messages_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} in ('scheduled', 'sending')`),
    index("scheduled_messages_rule_idx").on(t.ruleId),
  ],
);

/** A stay whose guest pressed "unsubscribe": its scheduled messages stop. */
export const scheduledMessageOptOuts = pgTable("scheduled_message_opt_outs", {
  stayId: uuid("stay_id")
    .primaryKey()
    .references(() => stays.id, { onDelete: "cascade" }),
  accountId: uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
