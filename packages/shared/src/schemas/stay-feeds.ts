import { z } from "zod";
import { text } from "./text.ts";
import { copy } from "../copy.ts";
import { FEED_FETCH_FAILURES, FEED_PARSE_FAILURES } from "../rules/stay-feeds.ts";

/**
 * A property's calendar (iCal) feeds (decision 041). Session users only.
 *
 *   GET    /api/properties/:propertyId/stay-feeds   → StayFeedListResponse
 *   POST   /api/properties/:propertyId/stay-feeds   CreateStayFeedRequest → StayFeedResponse (201)
 *   GET    /api/stay-feeds/:feedId                  → StayFeedDetailResponse (the whole link, for editing)
 *   PATCH  /api/stay-feeds/:feedId                  UpdateStayFeedRequest → StayFeedResponse
 *   DELETE /api/stay-feeds/:feedId                  → 204 (its stays are kept, no longer synced)
 *   POST   /api/stay-feeds/:feedId/sync             → StayFeedResponse (synced now)
 */

export const STAY_FEED_URL_MAX = 2000;
export const STAY_FEED_CHANNEL_MAX = 60;
/** Feeds per property: a handful of channels, with room for a property-management system or two. */
export const STAY_FEEDS_PER_PROPERTY_MAX = 20;

/** A feed link: http(s) only; where it may point is checked when it is fetched (private addresses). */
export const StayFeedUrl = text()
  .trim()
  .max(STAY_FEED_URL_MAX)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, copy.stayFeeds.invalidUrl);

const Channel = text().trim().min(1, copy.stayFeeds.channelRequired).max(STAY_FEED_CHANNEL_MAX);

export const CreateStayFeedRequest = z.object({ url: StayFeedUrl, channel: Channel });
export type CreateStayFeedRequest = z.infer<typeof CreateStayFeedRequest>;

export const UpdateStayFeedRequest = z.object({ url: StayFeedUrl.optional(), channel: Channel.optional() });
export type UpdateStayFeedRequest = z.infer<typeof UpdateStayFeedRequest>;

export const StayFeedError = z.object({
  code: z.enum([...FEED_FETCH_FAILURES, ...FEED_PARSE_FAILURES]),
  params: z.record(text(), z.number()).nullable(),
});
export type StayFeedError = z.infer<typeof StayFeedError>;

export const StayFeedCounts = z.object({
  reservations: z.number().int(),
  blocked: z.number().int(),
  recurring: z.number().int(),
  invalid: z.number().int(),
  cancelledInFeed: z.number().int(),
  /** Stays this sync cancelled because they left the feed. */
  cancelledStays: z.number().int(),
});
export type StayFeedCounts = z.infer<typeof StayFeedCounts>;

export const StayFeedDto = z.object({
  id: z.uuid(),
  /** The property's web link id. */
  propertyId: text(),
  channel: text(),
  /** The link shortened (host and the path's start), never the whole secret link. */
  urlHint: text(),
  lastPolledAt: z.iso.datetime().nullable(),
  lastSyncedAt: z.iso.datetime().nullable(),
  lastError: StayFeedError.nullable(),
  lastCounts: StayFeedCounts.nullable(),
  createdAt: z.iso.datetime(),
});
export type StayFeedDto = z.infer<typeof StayFeedDto>;

export const StayFeedListResponse = z.object({ items: z.array(StayFeedDto) });
export type StayFeedListResponse = z.infer<typeof StayFeedListResponse>;
export const StayFeedResponse = z.object({ feed: StayFeedDto });
export type StayFeedResponse = z.infer<typeof StayFeedResponse>;
export const StayFeedDetailResponse = z.object({ feed: StayFeedDto, url: text() });
export type StayFeedDetailResponse = z.infer<typeof StayFeedDetailResponse>;
export const StayFeedParams = z.object({ feedId: z.uuid() });
