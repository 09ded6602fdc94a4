import { copy } from "@doorstep/shared/copy";

/**
 * What a feed event's SUMMARY and DESCRIPTION say, the way the channels write them. Fields are taken as
 * text: nothing here interprets or strips markup (the dashboard escapes what it shows).
 */

// Events that mark dates as unavailable rather than a stay: Airbnb "Airbnb (Not available)", Booking.com
// "CLOSED - Not available", Vrbo "Blocked", and the words property-management systems use for the same.
const BLOCKED = [
  /^airbnb\s*\(not available\)$/i,
  /^closed(\s*[-–:]\s*not available)?$/i,
  /^(not available|unavailable|blocked|block|blocked dates?|owner block|maintenance)$/i,
  /^blocked\s*[-–:]/i,
];

// A reservation whose summary names no guest ("Reserved" on Airbnb and Vrbo, "Booked" elsewhere).
const NAMELESS = /^(reserved|booked|reservation|booking|confirmed|new booking)$/i;

// "Reserved - Jane Doe" (Vrbo) and the like: the guest's name follows the word.
const NAME_AFTER = /^(?:reserved|booked|reservation|booking)\s*[-–:]\s*(.+)$/i;

/** True when the event blocks dates instead of being someone's stay. */
export function isBlockedSummary(summary: string): boolean {
  const s = summary.trim();
  return BLOCKED.some((re) => re.test(s));
}

export interface GuestName {
  guestFirstName: string;
  guestLastName: string;
  guestNameIsPlaceholder: boolean;
}

/**
 * The guest's name from a reservation's summary. Airbnb's bare "Reserved" becomes "Airbnb guest"; any other
 * summary is the guest's name, its first word the first name and the rest the last name (a single word is a
 * first name alone).
 */
export function guestNameFromSummary(summary: string, fromAirbnb: boolean): GuestName {
  const s = summary.replace(/\s+/g, " ").trim();
  if (s === "" || NAMELESS.test(s)) {
    const name = fromAirbnb && /^reserved$/i.test(s) ? copy.stayFeeds.airbnbGuest : copy.stayFeeds.unnamedGuest;
    return { guestFirstName: name, guestLastName: "", guestNameIsPlaceholder: true };
  }
  const name = NAME_AFTER.exec(s)?.[1]?.trim() ?? s;
  const space = name.indexOf(" ");
  if (space < 0) return { guestFirstName: name, guestLastName: "", guestNameIsPlaceholder: false };
  return { guestFirstName: name.slice(0, space), guestLastName: name.slice(space + 1), guestNameIsPlaceholder: false };
}

export interface DescriptionFacts {
  reservationUrl?: string;
  phoneLast4?: string;
}

/** Airbnb's "Reservation URL: …" (http(s) only) and "Phone Number (Last 4 Digits): 1234" lines. */
export function factsFromDescription(description: string | undefined): DescriptionFacts {
  if (!description) return {};
  const facts: DescriptionFacts = {};
  const url = /Reservation URL:\s*(\S+)/i.exec(description)?.[1];
  if (url && /^https?:\/\/[^\s<>"]+$/i.test(url)) facts.reservationUrl = url;
  const phone = /Phone Number \(Last 4 Digits\):\s*(\d{4})\b/i.exec(description)?.[1];
  if (phone) facts.phoneLast4 = phone;
  return facts;
}

/** Airbnb writes its name in PRODID and links each reservation to airbnb.com. */
export function looksLikeAirbnb(prodId: string | undefined, description: string | undefined): boolean {
  return /airbnb/i.test(prodId ?? "") || /https?:\/\/(www\.)?airbnb\.[a-z.]+\//i.test(description ?? "");
}
