/**
 * Wall-clock times in a property's own time zone, and the instants they name. Stays are written as a day and a
 * time where the property is ("check-in 2027-03-28 at 15:00 in Europe/Lisbon"); jobs, sorting and "is the door
 * code shown yet" need the instant. Intl only, no time-zone library: the runtime's ICU knows the zones and their
 * daylight-saving rules.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instantMs`, as milliseconds of a UTC date with the same fields. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return Date.UTC(fields.year!, fields.month! - 1, fields.day!, fields.hour!, fields.minute!, fields.second!);
}

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
function offsetMs(instantMs: number, timeZone: string): number {
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(wholeSeconds, timeZone) - wholeSeconds;
}

const HOUR_MS = 3_600_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a time of day written HH:MM on a 24-hour clock. */
export function isTimeOfDay(value: string): boolean {
  return TIME.test(value);
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` `time`. When the clocks go back and the time
 * happens twice, the earlier one; when they go forward and it never happens, the time as far after the change
 * as it was meant to be after the last hour before it (02:30 in a gap from 02:00 to 03:00 is 03:30), as
 * calendars and Temporal's "compatible" choice do.
 */
export function wallTimeToInstant(date: string, time: string, timeZone: string): Date {
  const day = DAY.exec(date);
  const clock = TIME.exec(time);
  if (!day || !clock) throw new RangeError(`Not a day and time: ${date} ${time}`);
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  // Offsets a day either side cover every transition a zone has made (none is closer than a day to another).
  const before = offsetMs(wall - 24 * HOUR_MS, timeZone);
  const after = offsetMs(wall + 24 * HOUR_MS, timeZone);
  const candidates = [wall - before, wall - after].filter((t) => wallClockMs(t, timeZone) === wall);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(wall - before);
}

/** A day (YYYY-MM-DD) and a time (HH:MM) on a wall clock. */
export interface WallTime {
  date: string;
  time: string;
}

/** The day and time the wall clock in `timeZone` shows at `instant`. */
export function instantToWallTime(instant: Date, timeZone: string): WallTime {
  const iso = new Date(wallClockMs(instant.getTime(), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Today's date (YYYY-MM-DD) where the property is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return instantToWallTime(now, timeZone).date;
}
