import type { StayDto } from "@doorstep/shared/schemas/stays";

/** The stay form's fields as the inputs hold them: text, "" for blank. */
export interface StayFormValues {
  propertyId: string;
  guestFirstName: string;
  guestLastName: string;
  guestEmail: string;
  guestPhone: string;
  guestLanguage: string;
  checkInDate: string;
  checkInTime: string;
  checkOutDate: string;
  checkOutTime: string;
  adults: string;
  children: string;
  doorCode: string;
  notes: string;
}

export type StayFormField = keyof StayFormValues;

/** The form's fields in the order shown (the order, "Property" first when it is asked for). */
export const STAY_FORM_FIELDS: StayFormField[] = [
  "propertyId",
  "guestFirstName",
  "guestLastName",
  "guestEmail",
  "guestPhone",
  "guestLanguage",
  "checkInDate",
  "checkInTime",
  "checkOutDate",
  "checkOutTime",
  "adults",
  "children",
  "doorCode",
  "notes",
];

/** Blank means "the property's default" for these; the request leaves them out rather than sending "". */
const DEFAULTED: StayFormField[] = ["guestLanguage", "checkInTime", "checkOutTime"];

/** A new stay's form, the property chosen when the page already names one. */
export function emptyStayForm(propertyId = ""): StayFormValues {
  return {
    propertyId,
    guestFirstName: "",
    guestLastName: "",
    guestEmail: "",
    guestPhone: "",
    guestLanguage: "",
    checkInDate: "",
    checkInTime: "",
    checkOutDate: "",
    checkOutTime: "",
    adults: "1",
    children: "0",
    doorCode: "",
    notes: "",
  };
}

/** An existing stay's form. */
export function stayFormOf(stay: StayDto): StayFormValues {
  return {
    propertyId: stay.propertyId,
    guestFirstName: stay.guestFirstName,
    guestLastName: stay.guestLastName,
    guestEmail: stay.guestEmail ?? "",
    guestPhone: stay.guestPhone ?? "",
    guestLanguage: stay.guestLanguage,
    checkInDate: stay.checkInDate,
    checkInTime: stay.checkInTime,
    checkOutDate: stay.checkOutDate,
    checkOutTime: stay.checkOutTime,
    adults: String(stay.adults),
    children: String(stay.children),
    doorCode: stay.doorCode ?? "",
    notes: stay.notes ?? "",
  };
}

/**
 * What the request schema reads: blank defaulted fields left out; the property only for a new stay (an
 * edit does not move a stay to another property); with `only`, just the fields it marks (an edit sends what
 * the host changed, so a feed's stay keeps following its feed for the rest).
 */
export function stayRequestOf(
  values: StayFormValues,
  options: { property: boolean; only?: Partial<Record<StayFormField, unknown>> },
): Partial<Record<StayFormField, string>> {
  const request: Partial<Record<StayFormField, string>> = {};
  for (const field of STAY_FORM_FIELDS) {
    const value = values[field];
    if (DEFAULTED.includes(field) && value.trim() === "") continue;
    if (field === "propertyId" && !options.property) continue;
    if (options.only && !options.only[field]) continue;
    request[field] = value;
  }
  return request;
}
