import { STAY_DETAILS } from "./stay-details.ts";
import { wallTimeToInstant } from "./zoned-time.ts";

/**
 * Scheduled guest messages (decision 050): when a rule's message is due for a stay, on the property's own
 * clock, and the stay details its text may hold.
 */

export const MESSAGE_TRIGGERS = [
  "booked",
  "before-check-in",
  "check-in-day",
  "before-check-out",
  "after-check-out",
] as const;
export type MessageTrigger = (typeof MESSAGE_TRIGGERS)[number];

/** Triggers that take a number of days (before or after). */
export const TRIGGERS_WITH_DAYS: readonly MessageTrigger[] = ["before-check-in", "before-check-out", "after-check-out"];

export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Messages meant for before the guest arrives: one whose time has passed when the stay is created (or the rule
 * switched on) is still sent at once while the stay has not started; any other is skipped.
 */
export function isPreArrival(trigger: MessageTrigger): boolean {
  return trigger === "booked" || trigger === "before-check-in" || trigger === "check-in-day";
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export interface MessageTiming {
  trigger: MessageTrigger;
  days: number;
  /** "HH:MM" on the property's clock. */
  atTime: string;
}

/**
 * The instant a rule's message is due for a stay: the booking's own moment for "When the stay is booked",
 * else the rule's time of day on the day it names, read on the property's clock (`timeZone`).
 */
export function messageDueAt(
  rule: MessageTiming,
  stay: { checkInDate: string; checkOutDate: string; bookedAt: Date },
  timeZone: string,
): Date {
  switch (rule.trigger) {
    case "booked":
      return stay.bookedAt;
    case "before-check-in":
      return wallTimeToInstant(addDays(stay.checkInDate, -rule.days), rule.atTime, timeZone);
    case "check-in-day":
      return wallTimeToInstant(stay.checkInDate, rule.atTime, timeZone);
    case "before-check-out":
      return wallTimeToInstant(addDays(stay.checkOutDate, -rule.days), rule.atTime, timeZone);
    case "after-check-out":
      return wallTimeToInstant(addDays(stay.checkOutDate, rule.days), rule.atTime, timeZone);
  }
}

/**
 * The details a message may hold, as `{{stay.…}}` tokens: the guest link's (decision 042) plus the stay's link,
 * the property's title, the Wi-Fi name and password, and the host's first name.
 */
export const MESSAGE_DETAILS = [
  ...STAY_DETAILS,
  "link",
  "propertyTitle",
  "wifiName",
  "wifiPassword",
  "hostFirstName",
] as const;
export type MessageDetail = (typeof MESSAGE_DETAILS)[number];

export const messageDetailToken = (detail: MessageDetail) => `{{stay.${detail}}}`;

const ANY_TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;
const known = new Set<string>(MESSAGE_DETAILS.map((d) => `stay.${d}`));

/** The details a text names that the product does not know, as written ("stay.parking"), once each. */
export function unknownMessageDetails(text: string): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(ANY_TOKEN)) if (!known.has(m[1]!)) unknown.add(m[1]!);
  return [...unknown];
}

/** The text with each detail filled in as plain text (a detail the stay lacks becomes empty). */
export function fillMessageDetails(text: string, values: Partial<Record<MessageDetail, string | null>>): string {
  return text.replace(ANY_TOKEN, (all, name: string) =>
    known.has(name) ? (values[name.slice("stay.".length) as MessageDetail] ?? "") : all,
  );
}
