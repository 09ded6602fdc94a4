/**
 * The property calendar's layout: a month as whole weeks (Monday first), and the stays placed on them as
 * bars. Positions are in half days: a bar starts in the middle of its check-in day and ends in the middle of
 * its check-out day, so a guest leaving on the day the next one arrives shares that day's cell without
 * needing a second lane.
 */

/** A calendar day, "YYYY-MM-DD". */
export type Day = string;

export interface CalendarStayDates {
  checkInDate: Day;
  checkOutDate: Day;
}

export interface CalendarBar<T> {
  stay: T;
  /** Half-day columns of the week, 1-based for CSS grid: `grid-column: start / end` over 14 columns. */
  start: number;
  end: number;
  /** The row within the week, 0 first; overlapping stays take different lanes. */
  lane: number;
  /** The stay began in an earlier week, or goes on into a later one: the bar runs off that edge. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

export interface CalendarWeek<T> {
  days: Day[];
  bars: CalendarBar<T>[];
  /** How many lanes the week's bars need. */
  lanes: number;
}

const DAY_MS = 86_400_000;

function toUtc(day: Day): number {
  const [y, m, d] = day.split("-").map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

function fromUtc(ms: number): Day {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative for earlier). */
export function addDays(day: Day, days: number): Day {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** "YYYY-MM" of a day. */
export function monthOf(day: Day): string {
  return day.slice(0, 7);
}

/** The month `months` after "YYYY-MM" (negative for earlier). */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split("-").map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

/** The weeks (Monday to Sunday) that hold every day of the month, with the days of the months around it. */
export function monthWeeks(month: string): Day[][] {
  const first = `${month}-01`;
  const mondayOffset = (new Date(toUtc(first)).getUTCDay() + 6) % 7;
  const start = addDays(first, -mondayOffset);
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  const weeks: Day[][] = [];
  for (let weekStart = start; weekStart <= last; weekStart = addDays(weekStart, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)));
  }
  return weeks;
}

/** A stay's span in half days from `origin`: [start, end), at least half a day for a same-day stay. */
function halfDaySpan(stay: CalendarStayDates, origin: Day): [number, number] {
  const start = daysBetween(origin, stay.checkInDate) * 2 + 1;
  const end = daysBetween(origin, stay.checkOutDate) * 2 + 1;
  return [start, Math.max(end, start + 1)];
}

/**
 * Places `stays` on `weeks`: each stay that touches a week gets a bar there, clipped to the week, and bars
 * that overlap in a week are stacked in lanes (earliest start first, the longer first on a tie, each in the
 * lowest free lane). Stays outside the weeks are left out.
 */
export function layoutWeeks<T extends CalendarStayDates>(weeks: Day[][], stays: readonly T[]): CalendarWeek<T>[] {
  return weeks.map((days) => {
    const origin = days[0] ?? "1970-01-01";
    const weekEnd = days.length * 2;
    const segments = stays
      .map((stay) => {
        const [start, end] = halfDaySpan(stay, origin);
        return { stay, start, end };
      })
      .filter(({ start, end }) => end > 0 && start < weekEnd)
      .sort((a, b) => a.start - b.start || b.end - a.end);

    const laneEnds: number[] = [];
    const bars = segments.map(({ stay, start, end }) => {
      let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
      if (lane === -1) lane = laneEnds.length;
      laneEnds[lane] = end;
      return {
        stay,
        start: Math.max(start, 0) + 1,
        end: Math.min(end, weekEnd) + 1,
        lane,
        continuesBefore: start < 0,
        continuesAfter: end > weekEnd,
      };
    });
    return { days, bars, lanes: laneEnds.length };
  });
}
