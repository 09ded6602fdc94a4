import type { StayFeedCounts, StayFeedDto, StayFeedError } from "@doorstep/shared/schemas/stay-feeds";
import type { StayFeed } from "./stay-feeds.service.ts";

/** A feed as the dashboard sees it: the shortened link only. */
export function toStayFeedDto(feed: StayFeed): StayFeedDto {
  const c = feed.lastCounts;
  return {
    id: feed.id,
    propertyId: feed.propertyId,
    channel: feed.channel,
    urlHint: feed.urlHint,
    lastPolledAt: feed.lastPolledAt?.toISOString() ?? null,
    lastSyncedAt: feed.lastSyncedAt?.toISOString() ?? null,
    lastError: feed.lastError ? (feed.lastError as StayFeedError) : null,
    lastCounts: c
      ? ({
          reservations: c.reservations ?? 0,
          blocked: c.blocked ?? 0,
          recurring: c.recurring ?? 0,
          invalid: c.invalid ?? 0,
          cancelledInFeed: c.cancelledInFeed ?? 0,
          cancelledStays: c.cancelledStays ?? 0,
        } satisfies StayFeedCounts)
      : null,
    createdAt: feed.createdAt.toISOString(),
  };
}
