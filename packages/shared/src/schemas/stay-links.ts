import { z } from "zod";
import { text } from "./text.ts";
import { GuideResponse } from "./guide.ts";
import { STAY_END_CHOICES, STAY_REVEAL_DAYS } from "../rules/stay-reveal.ts";

/**
 * A stay's guest link (decision 042). Routes (session users):
 *   GET  /api/stays/:stayId/link          → StayLinkResponse (made on first read)
 *   POST /api/stays/:stayId/link          → StayLinkResponse (a new token; the old one stops working)
 *   POST /api/stays/:stayId/link/send     → SendStayLinkResponse (emails the link to the guest)
 *   GET  /api/stays/:stayId/link/qr.png   the link's QR code
 *   POST /api/stays/:stayId/release       → StayLinkResponse ("Show details now")
 *   GET  /api/stay-link-settings          → StayLinkSettingsResponse
 *   PUT  /api/stay-link-settings          UpdateStayLinkSettingsRequest → StayLinkSettingsResponse
 */
export const StayLinkResponse = z.object({
  url: text(),
  openedCount: z.number().int(),
  firstOpenedAt: text().nullable(),
  lastOpenedAt: text().nullable(),
  /** When "Show details now" released the details (null when they follow the account's reveal). */
  releasedAt: text().nullable(),
  /** When the stay's details appear and disappear on the link (ISO instants). */
  revealAt: text(),
  endAt: text(),
  active: z.boolean(),
});
export type StayLinkDto = z.infer<typeof StayLinkResponse>;

export const SendStayLinkResponse = z.object({ sentTo: text() });

const RevealDays = z.union(STAY_REVEAL_DAYS.map((d) => z.literal(d)));
export const StayLinkSettingsResponse = z.object({ revealDaysBefore: RevealDays, endsAt: z.enum(STAY_END_CHOICES) });
export type StayLinkSettingsDto = z.infer<typeof StayLinkSettingsResponse>;
export const UpdateStayLinkSettingsRequest = StayLinkSettingsResponse;
export type UpdateStayLinkSettingsInput = z.infer<typeof UpdateStayLinkSettingsRequest>;

/** GET /api/stay-guide/:token: the stay's guide as guest-safe data (private, never stored, never indexed). */
export const StayGuideResponse = GuideResponse.extend({
  stay: z.object({
    welcome: text(),
    checkIn: text(),
    checkOut: text(),
    phase: z.enum(["before", "during", "after"]),
    revealOn: text().nullable(),
    doorCode: text().nullable(),
    /** During the stay: when it ends (ISO instant); what only the stay shows is dropped offline then. */
    until: text().nullable(),
  }),
});
export type StayGuideDto = z.infer<typeof StayGuideResponse>;
