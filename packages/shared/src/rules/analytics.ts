/** Longest range one analytics view answers (a leap year and a day). */
export const MAX_RANGE_DAYS = 367;
/** OPEN-54: the month list never starts before the product's first analytics month. */
export const FIRST_ANALYTICS_MONTH = "2022-04";

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The days a request may name: years 2000–2100. Wide enough for any booking or report, narrow enough that
 * a range's neighbours (the comparison period, the day after) are still four-digit years.
 */
export const FIRST_DAY = "2000-01-01";
export const LAST_DAY = "2100-12-31";

/** True for an existing calendar day written YYYY-MM-DD, from FIRST_DAY to LAST_DAY. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < FIRST_DAY || value > LAST_DAY) return false;
  const ms = toUtc(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** The calendar day `n` days after `day` (negative for before). */
export function addDays(day: string, n: number): string {
  return new Date(toUtc(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Every day from `from` to `to`, both included; empty when `to` is before `from`. Counted, never compared as
 * strings (the day after 9999-12-31 is "+010000-01-01", which sorts before it), and refuses more than
 * `limit` days rather than fill the heap.
 */
export function eachDay(from: string, to: string, limit = MAX_RANGE_DAYS): string[] {
  const count = daysBetween(from, to) + 1;
  if (!Number.isFinite(count)) throw new RangeError(`Not a range of days: ${from} to ${to}`);
  if (count > limit) throw new RangeError(`${count} days from ${from} to ${to}; at most ${limit}`);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(from, i));
}

/** The range of the same length that ends the day before `from` (the comparison range). */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** True when the runtime knows this IANA time zone. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of an instant in a time zone, YYYY-MM-DD. */
export function dayInZone(at: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The first and last day of a month "YYYY-MM". */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** Months "YYYY-MM" from `first` (not before FIRST_ANALYTICS_MONTH) to `current`, newest first. */
export function monthsBetween(first: string, current: string): string[] {
  const start = first < FIRST_ANALYTICS_MONTH ? FIRST_ANALYTICS_MONTH : first;
  const months: string[] = [];
  let [y, m] = current.split("-").map(Number) as [number, number];
  // At most a century of months, whatever the strings say.
  for (let key = current; key >= start && months.length < 1200; key = `${y}-${String(m).padStart(2, "0")}`) {
    months.push(key);
    m -= 1;
    if (m === 0) [y, m] = [y - 1, 12];
  }
  return months;
}
