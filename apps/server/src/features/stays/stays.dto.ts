import type { StayDto } from "@doorstep/shared/schemas/stays";
import type { Stay } from "./stays.service.ts";

/** A stay as the dashboard and the API see it. */
export function toStayDto(stay: Stay): StayDto {
  return {
    id: stay.id,
    propertyId: stay.propertyId,
    propertyTitle: stay.propertyTitle,
    timeZone: stay.timeZone,
    guestFirstName: stay.guestFirstName,
    guestLastName: stay.guestLastName,
    guestEmail: stay.guestEmail,
    guestPhone: stay.guestPhone,
    guestLanguage: stay.guestLanguage,
    adults: stay.adults,
    children: stay.children,
    checkInDate: stay.checkInDate,
    checkInTime: stay.checkInTime,
    checkOutDate: stay.checkOutDate,
    checkOutTime: stay.checkOutTime,
    checkInAt: stay.checkInAt.toISOString(),
    checkOutAt: stay.checkOutAt.toISOString(),
    doorCode: stay.doorCode,
    notes: stay.notes,
    source: stay.source,
    sourceId: stay.sourceId,
    channel: stay.channel,
    status: stay.status,
    possibleDoubleBooking: stay.possibleDoubleBooking,
    contactErasedAt: stay.contactErasedAt?.toISOString() ?? null,
    createdAt: stay.createdAt.toISOString(),
    updatedAt: stay.updatedAt.toISOString(),
  };
}
