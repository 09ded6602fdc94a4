import { fillMessageDetails } from "@doorstep/shared/rules/scheduled-messages";
import type { MessagePreviewRequest, MessagePreviewResponse } from "@doorstep/shared/schemas/scheduled-messages";
import type { AppContext, Caller } from "../app-context.ts";
import { notFound } from "../lib/app-error.ts";
import { inPropertyScope } from "../lib/property-scope.ts";
import { listPropertyChoicesFor } from "../features/properties/property-choices.service.ts";
import { getStayProperty } from "../features/properties/property-stays.service.ts";
import type { Stay } from "../features/stays/stays.service.ts";
import { instantToWallTime, wallTimeToInstant } from "@doorstep/shared/rules/zoned-time";
import { messageDetailsOf } from "./send-scheduled-messages.ts";

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * "Preview" (decision 050): the message filled in for a sample stay of one of the account's properties (a
 * guest "Alex" arriving in a week for three nights), in each language it is written in; the property's real
 * title, Wi-Fi and host. Without a property named, the first the caller may use (a limited member's own).
 */
export async function previewScheduledMessage(
  ctx: AppContext,
  caller: Caller,
  input: MessagePreviewRequest,
): Promise<MessagePreviewResponse> {
  const { accountId } = caller;
  const weblink = input.propertyId ?? (await listPropertyChoicesFor(ctx, caller))[0]?.propertyId;
  const property = weblink ? await getStayProperty(ctx, accountId, { propertyId: weblink }) : null;
  if (input.propertyId && (!property || !inPropertyScope(caller, property.id))) throw notFound("property");
  const now = ctx.now();
  const zone = property?.timeZone ?? "UTC";
  const today = instantToWallTime(now, zone).date;
  const checkInDate = addDays(today, 7);
  const checkOutDate = addDays(today, 10);
  const checkInTime = property?.defaultCheckInTime ?? "15:00";
  const checkOutTime = property?.defaultCheckOutTime ?? "11:00";
  const sample: Stay = {
    id: "00000000-0000-4000-8000-000000000000",
    accountId,
    propertyRowId: property?.id ?? "",
    propertyId: property?.propertyId ?? "",
    propertyTitle: property?.title ?? "",
    timeZone: zone,
    guestFirstName: "Alex",
    guestLastName: "Sample",
    guestEmail: "alex@example.com",
    guestPhone: null,
    guestLanguage: "en",
    adults: 2,
    children: 0,
    checkInDate,
    checkInTime,
    checkOutDate,
    checkOutTime,
    checkInAt: wallTimeToInstant(checkInDate, checkInTime, zone),
    checkOutAt: wallTimeToInstant(checkOutDate, checkOutTime, zone),
    doorCode: "4821",
    notes: null,
    source: "manual",
    sourceId: null,
    feedId: null,
    channel: null,
    status: "confirmed",
    possibleDoubleBooking: false,
    cancelledAt: null,
    detailsReleasedAt: null,
    contactErasedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const items: MessagePreviewResponse["items"] = [];
  for (const [language, text] of Object.entries(input.texts)) {
    if (!text.body.trim() && !text.subject.trim()) continue;
    const details = property
      ? (await messageDetailsOf(ctx, sample, language, `${ctx.config.publicUrl}/s/example`)).details
      : { guestFirstName: "Alex" };
    items.push({
      language,
      subject: fillMessageDetails(text.subject, details),
      body: fillMessageDetails(text.body, details),
    });
  }
  return { items };
}
