import type { RecordVisitRequest } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import { deviceTypeOf, isBot } from "./device.ts";
import { findLiveProperty } from "./live-property.ts";
import { createReportBuffer } from "./report-buffer.ts";
import { insertVisitBatch, type NewVisit } from "./visits.repository.ts";

export type VisitOutcome = "queued" | "ignored";

const buffer = createReportBuffer<NewVisit>("guide visits", (ctx, batch) => insertVisitBatch(ctx.db, batch));

/**
 * Records a guide visit (GUIDE-17, IMPL-05, ANL-05): the property and its owner come from the server,
 * the device type from the user agent (which is not stored, nor is the IP); bots, unknown, archived and
 * inactive guides are ignored. One visit per tracking session, property and day in the account's time zone,
 * decided when the visit is written: visits wait in memory for at most a second, as section beacons do
 * (report-buffer.ts), so a burst of guests costs one statement a second rather than one per guest.
 */
export async function recordVisit(
  ctx: AppContext,
  input: RecordVisitRequest,
  userAgent: string | undefined,
): Promise<VisitOutcome> {
  if (isBot(userAgent)) return "ignored";
  const owner = await findLiveProperty(ctx, input.propertyId);
  if (!owner) return "ignored";
  const visit: NewVisit = {
    accountId: owner.accountId,
    propertyId: owner.id,
    trackingSessionId: input.trackingSessionId,
    deviceType: deviceTypeOf(userAgent!),
    utmSource: input.utmSource ? input.utmSource.toLowerCase() : null,
    language: input.language ?? null,
    createdAt: ctx.now().toISOString(),
  };
  return buffer.queue(ctx, [visit]) ? "queued" : "ignored";
}

/** Writes every waiting visit now (tests, shutdown, and before a report that must count them). */
export function flushVisits(ctx: AppContext): Promise<void> {
  return buffer.flush(ctx);
}
