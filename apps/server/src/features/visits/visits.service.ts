import type { RecordVisitRequest } from "@doorstep/shared/schemas/guide";
import type { AppContext } from "../../app-context.ts";
import { getGuideProperty } from "../properties/property-guide.service.ts";
import { deviceTypeOf, isBot } from "./device.ts";
import { insertVisit } from "./visits.repository.ts";

export type VisitOutcome = "recorded" | "repeat" | "ignored";

/**
 * Records a guide visit (GUIDE-17, IMPL-05, ANL-05): the property and its owner come from the server,
 * the device type from the user agent (which is not stored, nor is the IP); bots, unknown, archived and
 * inactive guides are ignored. One visit per tracking session, property and day in the account's time zone.
 */
export async function recordVisit(
  ctx: AppContext,
  input: RecordVisitRequest,
  userAgent: string | undefined,
): Promise<VisitOutcome> {
  if (isBot(userAgent)) return "ignored";
  const record = await getGuideProperty(ctx, input.propertyId);
  if (!record || !record.live) return "ignored";
  const now = ctx.now();
  const utmSource = input.utmSource ? input.utmSource.toLowerCase() : null;
  const inserted = await insertVisit(
    ctx.db,
    {
      accountId: record.property.accountId,
      propertyId: record.property.id,
      trackingSessionId: input.trackingSessionId,
      deviceType: deviceTypeOf(userAgent!),
      utmSource,
      createdAt: now,
    },
    // ANL-04: QR code visits are utm_source=qr-code; anything else is a web link visit.
    utmSource === "qr-code" ? "qr-code" : "link",
  );
  return inserted ? "recorded" : "repeat";
}
