import type { CreateStayRequest, StayDto, UpdateStayRequest } from "@doorstep/shared/schemas/stays";

// Examples for the OpenAPI document (/api/docs): what a property-management system sends and gets back.

export const CreateStayExample = {
  propertyId: "sea-view-flat",
  sourceId: "PMS-48213",
  guestFirstName: "Ana",
  guestLastName: "García",
  guestEmail: "ana@example.com",
  guestPhone: "+34 612 345 678",
  guestLanguage: "es",
  adults: 2,
  children: 1,
  checkInDate: "2027-06-12",
  checkOutDate: "2027-06-19",
  checkOutTime: "10:00",
  doorCode: "4821",
} satisfies CreateStayRequest;

export const UpdateStayExample = { checkOutDate: "2027-06-20", adults: 3 } satisfies UpdateStayRequest;

export const StayExample = {
  id: "7d6f0a52-3c1e-4b8e-9a57-2f1c5d0e8b41",
  propertyId: "sea-view-flat",
  propertyTitle: "Sea View Flat",
  timeZone: "Europe/Madrid",
  guestFirstName: "Ana",
  guestLastName: "García",
  guestEmail: "ana@example.com",
  guestPhone: "+34 612 345 678",
  guestLanguage: "es",
  adults: 2,
  children: 1,
  checkInDate: "2027-06-12",
  checkInTime: "15:00",
  checkOutDate: "2027-06-19",
  checkOutTime: "10:00",
  checkInAt: "2027-06-12T13:00:00.000Z",
  checkOutAt: "2027-06-19T08:00:00.000Z",
  doorCode: "4821",
  notes: null,
  source: "api",
  sourceId: "PMS-48213",
  channel: null,
  status: "confirmed",
  possibleDoubleBooking: false,
  contactErasedAt: null,
  createdAt: "2027-05-02T09:14:03.000Z",
  updatedAt: "2027-05-02T09:14:03.000Z",
} satisfies StayDto;
