import { copy } from "@doorstep/shared/copy";
import type { StayFeedDto } from "@doorstep/shared/schemas/stay-feeds";

const c = copy.stayFeeds;
const instantFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "Last synced 28 Nov 2026, 05:20" in the host's locale and zone, or "Not synced yet". */
export function syncedLine(feed: Pick<StayFeedDto, "lastSyncedAt">): string {
  return feed.lastSyncedAt ? c.lastSynced(instantFormat.format(new Date(feed.lastSyncedAt))) : c.notSyncedYet;
}

/** "Last tried …": when the failing attempt was, beside its error. */
export function triedLine(feed: Pick<StayFeedDto, "lastPolledAt">): string | null {
  return feed.lastPolledAt ? c.lastTried(instantFormat.format(new Date(feed.lastPolledAt))) : null;
}

/** The last error in plain words, from the copy catalogue; null when the last sync worked. */
export function errorLine(feed: Pick<StayFeedDto, "lastError">): string | null {
  const error = feed.lastError;
  if (!error) return null;
  const params = (error.params ?? {}) as never;
  if (error.code === "malformed" || error.code === "no-calendar") return c.parseFailure[error.code]();
  return c.fetchFailure[error.code](params);
}

/** What the last sync read and skipped: "3 reservations · 2 blocked periods skipped". */
export function countsLine(feed: Pick<StayFeedDto, "lastCounts">): string | null {
  const counts = feed.lastCounts;
  if (!counts) return null;
  return [
    c.reservations(counts.reservations),
    c.skipped(counts),
    counts.cancelledStays > 0 ? c.cancelledStays(counts.cancelledStays) : "",
  ]
    .filter(Boolean)
    .join(" · ");
}
