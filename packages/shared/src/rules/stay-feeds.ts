/**
 * Why a calendar feed could not be read, as stable codes: the feed's status stores the code (and the HTTP
 * status where there is one) and the dashboard renders it from copy/stay-feeds.ts in plain words.
 */
export const FEED_FETCH_FAILURES = [
  "not-http",
  "private-address",
  "dns-failed",
  "connection-failed",
  "timeout",
  "too-large",
  "too-many-redirects",
  "http-status",
  "not-a-calendar",
] as const;
export type FeedFetchFailure = (typeof FEED_FETCH_FAILURES)[number];

/** A body that arrived but is not a calendar one can read. */
export const FEED_PARSE_FAILURES = ["malformed", "no-calendar"] as const;
export type FeedParseFailure = (typeof FEED_PARSE_FAILURES)[number];

/** What a sync skipped, shown beside "Last synced": blocked dates, repeating events, unreadable events. */
export interface FeedEventCounts {
  /** Every VEVENT in the feed. */
  total: number;
  /** Blocked dates ("Airbnb (Not available)", "CLOSED - Not available", "Blocked"…): not stays. */
  blocked: number;
  /** Repeating events (RRULE, or an exception of one): no channel writes a stay that way. */
  recurring: number;
  /** Events the feed itself marks STATUS:CANCELLED: left out, so their stays are cancelled like dropped ones. */
  cancelled: number;
  /** Unreadable dates, or a check-out before the check-in. */
  invalid: number;
  /** A second event with a UID already seen: one stay per UID, the latest SEQUENCE wins. */
  duplicate: number;
}
