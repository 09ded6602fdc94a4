import { createHash } from "node:crypto";
import ICAL from "ical.js";
import type { FeedEventCounts, FeedParseFailure } from "@doorstep/shared/rules/stay-feeds";
import { factsFromDescription, guestNameFromSummary, isBlockedSummary, looksLikeAirbnb } from "./feed-event-text.ts";
import { isTimeZone } from "@doorstep/shared/rules/analytics";
import { instantToWallTime, wallTimeToInstant, type WallTime } from "@doorstep/shared/rules/zoned-time";

/** One reservation read from a feed; dates and times are wall times in the property's zone. */
export interface FeedReservation {
  uid: string;
  guestFirstName: string;
  guestLastName: string;
  /** The feed named no guest ("Airbnb guest", "Guest"): a name the host typed is kept over it. */
  guestNameIsPlaceholder: boolean;
  checkInDate: string;
  checkInTime: string;
  checkOutDate: string;
  checkOutTime: string;
  reservationUrl?: string;
  phoneLast4?: string;
  summary: string;
  description?: string;
}

export interface ParseFeedOptions {
  /** The property's IANA time zone. */
  timeZone: string;
  /** "HH:MM": the property's defaults, for all-day events. */
  defaultCheckIn: string;
  defaultCheckOut: string;
}

export type ParseFeedResult =
  { ok: true; reservations: FeedReservation[]; counts: FeedEventCounts } | { ok: false; code: FeedParseFailure };

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

/** Reads a calendar feed into reservations, counting what it skips; a damaged file is a failure code. */
export function parseFeed(text: string, options: ParseFeedOptions): ParseFeedResult {
  let calendars: Component[];
  try {
    calendars = readCalendars(text);
  } catch {
    return { ok: false, code: "malformed" };
  }
  if (calendars.length === 0) return { ok: false, code: "no-calendar" };

  const counts: FeedEventCounts = {
    total: 0,
    blocked: 0,
    recurring: 0,
    cancelled: 0,
    invalid: 0,
    duplicate: 0,
  };
  const byUid = new Map<string, { reservation: FeedReservation; sequence: number }>();
  for (const calendar of calendars) {
    const prodId = stringValue(calendar, "prodid");
    for (const event of calendar.getAllSubcomponents("vevent")) {
      counts.total++;
      const outcome = readEvent(event, prodId, options);
      if (typeof outcome === "string") {
        counts[outcome]++;
        continue;
      }
      const seen = byUid.get(outcome.reservation.uid);
      if (seen) counts.duplicate++;
      if (!seen || outcome.sequence >= seen.sequence) byUid.set(outcome.reservation.uid, outcome);
    }
  }
  return { ok: true, reservations: [...byUid.values()].map((r) => r.reservation), counts };
}

function readCalendars(text: string): Component[] {
  const trimmed = text.replace(/^\uFEFF/, "");
  if (trimmed.trim() === "") return [];
  const jcal: unknown = ICAL.parse(trimmed);
  // One component parses to its jCal array, several to an array of them.
  const list = Array.isArray(jcal) && Array.isArray(jcal[0]) ? (jcal as unknown[]) : [jcal];
  return list
    .map((c) => new ICAL.Component(c as ConstructorParameters<typeof ICAL.Component>[0]))
    .filter((c) => c.name === "vcalendar");
}

function readEvent(
  event: Component,
  prodId: string | undefined,
  options: ParseFeedOptions,
): { reservation: FeedReservation; sequence: number } | "blocked" | "recurring" | "cancelled" | "invalid" {
  const summary = stringValue(event, "summary") ?? "";
  if (event.hasProperty("rrule") || event.hasProperty("rdate") || event.hasProperty("recurrence-id")) {
    return "recurring";
  }
  if (isBlockedSummary(summary)) return "blocked";
  // Some property-management systems keep a cancelled booking in the feed and mark it so.
  if (stringValue(event, "status")?.trim().toUpperCase() === "CANCELLED") return "cancelled";
  let start: WallTime | undefined;
  let end: WallTime | undefined;
  try {
    start = wallTime(event, "dtstart", options.defaultCheckIn, options.timeZone);
    end = wallTime(event, "dtend", options.defaultCheckOut, options.timeZone) ?? endFromDuration(event, start, options);
  } catch {
    return "invalid";
  }
  if (!start || !end || end.date < start.date || (end.date === start.date && end.time < start.time)) {
    return "invalid";
  }
  const description = stringValue(event, "description");
  const reservation: FeedReservation = {
    uid: stringValue(event, "uid")?.trim() || derivedUid(event),
    ...guestNameFromSummary(summary, looksLikeAirbnb(prodId, description)),
    checkInDate: start.date,
    checkInTime: start.time,
    checkOutDate: end.date,
    checkOutTime: end.time,
    ...factsFromDescription(description),
    summary,
  };
  if (description !== undefined) reservation.description = description;
  const sequence = Number(event.getFirstPropertyValue("sequence") ?? 0);
  return { reservation, sequence: Number.isFinite(sequence) ? sequence : 0 };
}

/**
 * A property's wall time: an all-day value takes the default time; UTC and zoned values (TZID an IANA zone)
 * are moved to the property's zone; a floating value, or a zone Intl does not know, is read as the property's.
 */
function wallTime(event: Component, name: string, defaultTime: string, timeZone: string): WallTime | undefined {
  const prop = event.getFirstProperty(name);
  if (!prop) return undefined;
  const value = prop.getFirstValue() as Time | null;
  if (!value || typeof value !== "object" || !("isDate" in value)) throw new Error(`${name} is not a date`);
  const date = `${String(value.year).padStart(4, "0")}-${pad(value.month)}-${pad(value.day)}`;
  if (value.isDate) return { date, time: defaultTime };
  const time = `${pad(value.hour)}:${pad(value.minute)}`;
  const tzid = prop.getParameter("tzid");
  const tz = typeof tzid === "string" ? tzid.replace(/^\//, "") : undefined;
  if (value.zone?.tzid === "UTC") return instantToWallTime(new Date(`${date}T${time}:00Z`), timeZone);
  if (tz && tz !== timeZone && isTimeZone(tz)) {
    return instantToWallTime(wallTimeToInstant(date, time, tz), timeZone);
  }
  return { date, time };
}

/** DTEND may be left out: DURATION then, else RFC 5545's one day (all-day) or zero length (an instant). */
function endFromDuration(
  event: Component,
  start: WallTime | undefined,
  options: ParseFeedOptions,
): WallTime | undefined {
  if (!start) return undefined;
  const startValue = event.getFirstPropertyValue("dtstart") as Time;
  const duration = event.getFirstPropertyValue("duration") as InstanceType<typeof ICAL.Duration> | null;
  if (!duration && !startValue.isDate) return undefined;
  const end = startValue.clone();
  if (duration) end.addDuration(duration);
  else end.adjust(1, 0, 0, 0);
  const date = `${String(end.year).padStart(4, "0")}-${pad(end.month)}-${pad(end.day)}`;
  if (end.isDate) return { date, time: options.defaultCheckOut };
  const seconds = duration ? duration.toSeconds() : 0;
  const instant = new Date(wallTimeToInstant(start.date, start.time, options.timeZone).getTime() + seconds * 1000);
  return instantToWallTime(instant, options.timeZone);
}

/** A UID for an event that has none, stable while its dates and summary are. */
function derivedUid(event: Component): string {
  const raw = ["dtstart", "dtend", "summary"]
    .map((name) => event.getFirstProperty(name)?.toICALString() ?? "")
    .join("\n");
  return `derived-${createHash("sha256").update(raw).digest("hex").slice(0, 32)}`;
}

function stringValue(component: Component, name: string): string | undefined {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? undefined : String(value);
}

const pad = (n: number) => String(n).padStart(2, "0");
