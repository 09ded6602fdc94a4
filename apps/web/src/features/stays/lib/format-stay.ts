import type { StayDto } from "@doorstep/shared/schemas/stays";
import { copy } from "@doorstep/shared/copy";

const c = copy.stays;

// Days and times are the property's wall clock: formatted as UTC, so the browser's own zone moves nothing.
function wallClock(day: string, time = "00:00"): Date {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0));
}

// `undefined`: the host's own locale, as the browser reports it.
const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const shortDayFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", timeZone: "UTC" });
const instantFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "Thu, 3 Dec 2026" in the host's locale. */
export function formatStayDay(day: string): string {
  return dayFormat.format(wallClock(day));
}

/** "3 Dec" in the host's locale (calendar bars' names). */
export function formatShortDay(day: string): string {
  return shortDayFormat.format(wallClock(day));
}

/** "15:00" or "3:00 PM", as the host's locale writes a time. */
export function formatStayTime(time: string): string {
  return timeFormat.format(wallClock("2000-01-01", time));
}

/** "December 2026" for "2026-12". */
export function formatMonth(month: string): string {
  return monthFormat.format(wallClock(`${month}-01`));
}

/** The weekday's short name of a day ("Mon"). */
export function formatWeekday(day: string): string {
  return weekdayFormat.format(wallClock(day));
}

/** A moment (created, changed) in the browser's zone. */
export function formatInstant(iso: string): string {
  return instantFormat.format(new Date(iso));
}

/** The guest's full name. */
export function guestName(stay: Pick<StayDto, "guestFirstName" | "guestLastName">): string {
  return [stay.guestFirstName, stay.guestLastName].filter(Boolean).join(" ");
}

/** Where the stay came from, in the host's words ("Calendar feed (Airbnb)"). */
export function sourceLabel(stay: Pick<StayDto, "source" | "channel">): string {
  if (stay.source === "feed" && stay.channel) return c.sourceWithChannel(stay.channel);
  return c.sources[stay.source];
}

/** Today's date in a time zone ("YYYY-MM-DD"); the browser's zone when it is unknown or invalid. */
export function todayIn(timeZone: string | null | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: timeZone ?? undefined }).format(now);
  } catch {
    return new Intl.DateTimeFormat("en-CA").format(now);
  }
}
