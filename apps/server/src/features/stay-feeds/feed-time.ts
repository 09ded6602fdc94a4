/**
 * Wall times and instants in a property's time zone, for feeds whose events carry UTC or another zone.
 * `wallTimeToInstant` has the signature of the shared zoned-time rule and stands in for it until that rule
 * is on this branch; replace it with the shared one then (same contract: a wall time in a DST gap moves
 * forward by the gap, one in an overlap takes the earlier instant).
 */

export interface WallTime {
  date: string;
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the IANA zone (a feed may name a Windows zone or nonsense). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallParts(ms: number, timeZone: string): number[] {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return [parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!];
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetAt(ms: number, timeZone: string): number {
  const [y, mo, d, h, mi, s] = wallParts(ms, timeZone);
  return (Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - Math.floor(ms / 1000) * 1000) / 60_000;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall date and time (to the minute) of an instant in a zone. */
export function instantToWallTime(instant: Date, timeZone: string): WallTime {
  const [y, mo, d, h, mi] = wallParts(instant.getTime(), timeZone);
  return { date: `${String(y).padStart(4, "0")}-${pad(mo!)}-${pad(d!)}`, time: `${pad(h!)}:${pad(mi!)}` };
}

/** The instant a wall time names in a zone (see the file's comment for gaps and overlaps). */
export function wallTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  // The offsets a day either side cover any transition near this wall time.
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const fits = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((ms) => instantToWallTime(new Date(ms), timeZone).time === time.slice(0, 5))
    .filter((ms) => instantToWallTime(new Date(ms), timeZone).date === date);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In a gap: read it with the offset before the change, which lands as far past the gap as it was into it.
  return new Date(wall - before * 60_000);
}
