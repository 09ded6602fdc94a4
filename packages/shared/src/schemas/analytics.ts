import { z } from "zod";
import { text } from "./text.ts";
import { copy } from "../copy.ts";
import { daysBetween, isCalendarDay, isTimeZone, MAX_RANGE_DAYS } from "../rules/analytics.ts";

const Day = text().refine(isCalendarDay, copy.analytics.invalidDay);

/**
 * The range of an analytics view (ANL-06, OPEN-54): calendar days in the account's time zone, both ends
 * included, at most about a year so one answer stays small.
 */
export const AnalyticsRangeQuery = z
  .object({
    from: Day,
    to: Day,
    // The weblink of one of the caller's properties; absent for "All Properties" (ANL-02).
    propertyId: text().min(1).max(60).optional(),
  })
  .superRefine((q, issues) => {
    if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    if (q.from > q.to) issues.addIssue({ code: "custom", path: ["to"], message: copy.analytics.rangeReversed });
    else if (daysBetween(q.from, q.to) + 1 > MAX_RANGE_DAYS)
      issues.addIssue({ code: "custom", path: ["to"], message: copy.analytics.rangeTooLong });
  });
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuery>;

/**
 * Unique sessions by device and, for phones, by source (ANL-03/04): QR code, web link, or a stay's own guest
 * link (`/s/{token}`, issue 33). `total` is the sum of the five.
 */
export const VisitCounts = z.object({
  desktop: z.number().int(),
  tablet: z.number().int(),
  mobileQr: z.number().int(),
  mobileLink: z.number().int(),
  mobileStay: z.number().int(),
  total: z.number().int(),
});
export type VisitCounts = z.infer<typeof VisitCounts>;

export const VisitDay = VisitCounts.extend({ day: text() });
export type VisitDay = z.infer<typeof VisitDay>;

/** The visits view (ANL-08): one row per day of the range, oldest first, zeros included. */
export const AnalyticsVisitsResponse = z.object({
  from: text(),
  to: text(),
  timeZone: text(),
  propertyId: text().nullable(),
  days: z.array(VisitDay),
  totals: VisitCounts,
  /** The range of the same length just before, for the change figures. */
  previous: z.object({ from: text(), to: text(), totals: VisitCounts }),
});
export type AnalyticsVisitsResponse = z.infer<typeof AnalyticsVisitsResponse>;

/** What the page's selectors offer (ANL-01/02, OPEN-54). */
export const AnalyticsOptionsResponse = z.object({
  /** The account's IANA zone; null until the dashboard first sends the browser's. */
  timeZone: text().nullable(),
  /** Today in the account's zone (UTC until one is set). */
  today: text(),
  /** Calendar months, "YYYY-MM", newest first: from the account's first property to this month. */
  months: z.array(text()),
  properties: z.array(z.object({ propertyId: text(), title: text() })),
  /** Days raw visit and section records are kept (the privacy statement on the page says it). */
  retentionDays: z.number().int(),
});
export type AnalyticsOptionsResponse = z.infer<typeof AnalyticsOptionsResponse>;

export const SetTimeZoneRequest = z.object({
  timeZone: text().max(64).refine(isTimeZone, copy.analytics.invalidTimeZone),
});
export type SetTimeZoneRequest = z.infer<typeof SetTimeZoneRequest>;

export const SetTimeZoneResponse = z.object({ timeZone: text(), rebuilt: z.boolean() });
export type SetTimeZoneResponse = z.infer<typeof SetTimeZoneResponse>;

/** One section of the guide with the sessions that saw it; `reach` is their share of the range's sessions. */
export const SectionReach = z.object({
  key: text(),
  title: text(),
  sessions: z.number().int(),
  /** 0…1; 0 when the range had no sessions. */
  reach: z.number(),
});
export type SectionReach = z.infer<typeof SectionReach>;

/**
 * The section report (section analytics): which sections of the guide guests saw, by reach, those none
 * saw (sessions 0), the items opened most and the languages guests read in. Sections and items are the ones
 * the guide shows today, with the host's English titles.
 */
export const AnalyticsSectionsResponse = z.object({
  from: text(),
  to: text(),
  propertyId: text().nullable(),
  /** Unique sessions in the range (the visits view's total). */
  sessions: z.number().int(),
  sections: z.array(SectionReach),
  items: z.array(z.object({ id: text(), title: text(), propertyTitle: text(), sessions: z.number().int() })),
  languages: z.array(z.object({ code: text(), name: text(), sessions: z.number().int() })),
});
export type AnalyticsSectionsResponse = z.infer<typeof AnalyticsSectionsResponse>;
