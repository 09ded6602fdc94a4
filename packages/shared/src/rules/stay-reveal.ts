import { wallTimeToInstant } from "./zoned-time.ts";

/** How many days before check-in day a stay's restricted details appear (at 00:00 on the property's clock). */
export const STAY_REVEAL_DAYS = [0, 1, 2, 3, 7, 14] as const;
export type StayRevealDays = (typeof STAY_REVEAL_DAYS)[number];
/** When they are hidden again: at the check-out time, or at the end of the check-out day. */
export const STAY_END_CHOICES = ["check-out-time", "end-of-check-out-day"] as const;
export type StayEndChoice = (typeof STAY_END_CHOICES)[number];

export const DEFAULT_STAY_REVEAL_DAYS: StayRevealDays = 1;
export const DEFAULT_STAY_END: StayEndChoice = "end-of-check-out-day";

/** Before the reveal, during the stay (details shown), after it. */
export type StayPhase = "before" | "during" | "after";

export interface StayWindowInput {
  checkInDate: string;
  checkOutDate: string;
  checkOutAt: Date;
  timeZone: string;
  revealDaysBefore: number;
  endsAt: StayEndChoice;
  /** "Show details now": released by hand before the reveal. */
  releasedAt: Date | null;
}

/** A day (YYYY-MM-DD) moved by whole days on the calendar. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instants a stay's details appear and disappear, on the property's clock (decision 042). */
export function stayWindow(s: StayWindowInput): { revealAt: Date; endAt: Date } {
  const scheduled = wallTimeToInstant(addDays(s.checkInDate, -s.revealDaysBefore), "00:00", s.timeZone);
  const revealAt = s.releasedAt && s.releasedAt < scheduled ? s.releasedAt : scheduled;
  const endAt =
    s.endsAt === "check-out-time" ? s.checkOutAt : wallTimeToInstant(addDays(s.checkOutDate, 1), "00:00", s.timeZone);
  return { revealAt, endAt };
}

/** Where a stay stands at `now`: before its details appear, during, or after they are hidden again. */
export function stayPhase(s: StayWindowInput, now: Date): StayPhase {
  const { revealAt, endAt } = stayWindow(s);
  if (now < revealAt) return "before";
  return now < endAt ? "during" : "after";
}
