import type { RecordEngagementRequest } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import { isBot } from "./device.ts";
import { insertEngagementBatch, type EngagementEvent } from "./engagement.repository.ts";
import { findLiveProperty } from "./live-property.ts";
import { createReportBuffer } from "./report-buffer.ts";

const buffer = createReportBuffer<EngagementEvent>("engagement events", (ctx, batch) =>
  insertEngagementBatch(ctx.db, batch),
);

/**
 * Takes a guide's engagement beacon (section analytics): the top-level sections and items a session saw
 * and the page's language. Bots, unknown and inactive guides are ignored, as for visits; nothing about the
 * guest is kept but the random session id. Events wait in memory for at most a second and are written a
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
  const createdAt = ctx.now().toISOString();
  const event = (kind: EngagementEvent["kind"], key: string): EngagementEvent => ({
    accountId: owner.accountId,
    propertyId: owner.id,
    trackingSessionId: input.trackingSessionId,
    kind,
    key,
    createdAt,
  });
  const events = [event("language", input.language)];
  for (const key of new Set(input.sections)) events.push(event("section", key));
  for (const key of new Set(input.items)) events.push(event("item", key));
  return buffer.queue(ctx, events) ? events.length : 0;
}

/** Writes every waiting engagement event now (tests, shutdown). */
export function flushEngagement(ctx: AppContext): Promise<void> {
  return buffer.flush(ctx);
}
