import { addDays, monthRange } from "@doorstep/shared/rules/analytics";

/** What the date-range selector holds: a preset, a calendar month "YYYY-MM", or a custom range. */
export type RangeChoice = "last7" | "last30" | "custom" | `month:${string}`;

/** The choice in the address, or the default "Last 7 Days" for anything else (an old or edited link). */
export function parseChoice(value: string | null): RangeChoice {
  if (value === "last7" || value === "last30" || value === "custom") return value;
  if (value && /^month:\d{4}-(0[1-9]|1[0-2])$/.test(value)) return value as RangeChoice;
  return "last7";
}

/** The days a choice covers, ending today in the account's zone (ANL-01, OPEN-54). */
export function resolveRange(
  choice: RangeChoice,
  today: string,
  custom: { from: string; to: string },
): { from: string; to: string } {
  if (choice === "last7") return { from: addDays(today, -6), to: today };
  if (choice === "last30") return { from: addDays(today, -29), to: today };
  if (choice === "custom") return custom;
  return monthRange(choice.slice("month:".length));
}

/** "2026-07" → "July 2026", the way the month list reads. */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "2026-07-10" → "Fri 10 Jul 2026". */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "2026-07-10" → "10 Jul" for chart axes, or "Fri 10 Jul" with the weekday for table rows. */
export function shortDayLabel(day: string, weekday = false): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    ...(weekday ? { weekday: "short" as const } : {}),
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}
