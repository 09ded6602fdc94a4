import type { RecordEngagementRequest } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import { isBot } from "./device.ts";
import { eventsIn, insertEngagementBatch, type EngagementBeacon } from "./engagement.repository.ts";
import { findLiveProperty } from "./live-property.ts";
import { createReportBuffer } from "./report-buffer.ts";

const buffer = createReportBuffer<EngagementBeacon>(
  "engagement events",
  (ctx, batch) => insertEngagementBatch(ctx.db, batch),
  eventsIn,
);

/** The keys once each, in order; the array itself when it has no repeats (a beacon's usual case). */
function unique(keys: string[]): readonly string[] {
  const set = new Set(keys);
  return set.size === keys.length ? keys : [...set];
}

/**
 * Takes a guide's engagement beacon (section analytics): the top-level sections and items a session saw
 * and the page's language. Bots, unknown and inactive guides are ignored, as for visits; nothing about the
 * guest is kept but the random session id. Beacons wait in memory for at most a second and are written a
 * batch per statement (report-buffer.ts), so ingest costs the guide's readers little; returns how many
 * were queued.
 */
export async function recordEngagement(
  ctx: AppContext,
  input: RecordEngagementRequest,
  userAgent: string | undefined,
): Promise<number> {
  if (isBot(userAgent)) return 0;
  const owner = await findLiveProperty(ctx, input.propertyId);
  if (!owner) return 0;
  const beacon: EngagementBeacon = {
    accountId: owner.accountId,
    propertyId: owner.id,
    trackingSessionId: input.trackingSessionId,
    language: input.language,
    sections: unique(input.sections),
    items: unique(input.items),
    createdAt: ctx.now().toISOString(),
  };
  return buffer.queue(ctx, [beacon]) ? eventsIn(beacon) : 0;
}

/** Writes every waiting engagement event now (tests, shutdown). */
export function flushEngagement(ctx: AppContext): Promise<void> {
  return buffer.flush(ctx);
}
