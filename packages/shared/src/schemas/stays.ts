import { z } from "zod";
import { text } from "./text.ts";
import { ClearableText, PageQuery } from "./common.ts";
import { ClearablePhoneNumber } from "./phone.ts";
import { isLanguageCode } from "../languages.ts";
import { isCalendarDay } from "../rules/analytics.ts";
import { isTimeOfDay } from "../rules/zoned-time.ts";
import { copy } from "../copy.ts";

/**
 * Stays: a property's bookings, one guest party each. Days and times are the property's wall clock in its
 * time zone (`timeZone`); `checkInAt`/`checkOutAt` are the instants they name (rules/zoned-time.ts).
 *
 * Routes (session users; those marked † also accept an API key):
 *   GET    /api/stays                 † StayListQuery → StayListResponse
 *   POST   /api/stays                 † CreateStayRequest → StayResponse (201)
 *   GET    /api/stays/:stayId         † → StayResponse
 *   PATCH  /api/stays/:stayId         † UpdateStayRequest → StayResponse
 *   POST   /api/stays/:stayId/cancel  † → StayResponse
 *   GET    /api/properties/:propertyId/stays?from&to  StayCalendarQuery → StayCalendarResponse
 *   GET    /api/stays/summary           → StaySummaryResponse (the dashboard home's tile)
 *   GET    /api/stays/today             → StayTodayResponse (the home's Today panel)
 */

export const STAY_SOURCES = ["manual", "feed", "csv", "api"] as const;
export type StaySource = (typeof STAY_SOURCES)[number];
export const STAY_STATUSES = ["confirmed", "cancelled"] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];
export const STAY_TABS = ["upcoming", "past", "cancelled"] as const;
export type StayTab = (typeof STAY_TABS)[number];

/** Stays per page of GET /api/stays. */
export const STAYS_PAGE_SIZE = 50;
/** Longest range the property calendar asks for at once (a month view with its leading and trailing weeks). */
export const STAY_CALENDAR_MAX_DAYS = 62;
/** Most people one stay may hold, adults and children each. */
export const STAY_MAX_GUESTS = 50;

export const StayDay = text().refine(isCalendarDay, copy.stays.invalidDate);
export const StayTime = text().refine(isTimeOfDay, copy.stays.invalidTime);
const StayLanguage = text().refine(isLanguageCode, copy.stays.invalidLanguage);

/** A stay as the dashboard and the API see it. */
export const StayDto = z.object({
  id: text(),
  /** The property's web link id, and its title for lists. */
  propertyId: text(),
  propertyTitle: text(),
  timeZone: text(),
  guestFirstName: text(),
  guestLastName: text(),
  guestEmail: text().nullable(),
  guestPhone: text().nullable(),
  guestLanguage: text(),
  adults: z.number().int(),
  children: z.number().int(),
  checkInDate: text(),
  checkInTime: text(),
  checkOutDate: text(),
  checkOutTime: text(),
  checkInAt: text(),
  checkOutAt: text(),
  doorCode: text().nullable(),
  notes: text().nullable(),
  source: z.enum(STAY_SOURCES),
  /** The channel's or the system's own id (reservation id, calendar UID), when it has one. */
  sourceId: text().nullable(),
  /** The calendar feed's channel name, for stays from a feed. */
  channel: text().nullable(),
  status: z.enum(STAY_STATUSES),
  /** Another confirmed stay of the same property overlaps this one (not refused: one booking, two channels). */
  possibleDoubleBooking: z.boolean(),
  /** When the guest's contact details were erased after the retention period. */
  contactErasedAt: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type StayDto = z.infer<typeof StayDto>;

export const StayResponse = z.object({ stay: StayDto });
export type StayResponse = z.infer<typeof StayResponse>;

const StayFields = z.object({
  guestFirstName: text().trim().min(1).max(100),
  guestLastName: text().trim().max(100).default(""),
  guestEmail: z
    .union([z.literal(""), z.email().max(254)])
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  // Checked and stored as E.164, as the host's and managers' numbers are (rows from a CSV or a feed keep theirs).
  guestPhone: ClearablePhoneNumber.optional(),
  /** Blank: the property's default language. */
  guestLanguage: StayLanguage.optional(),
  adults: z.coerce.number().int().min(1).max(STAY_MAX_GUESTS).default(1),
  children: z.coerce.number().int().min(0).max(STAY_MAX_GUESTS).default(0),
  checkInDate: StayDay,
  /** Blank: the property's default check-in time. */
  checkInTime: StayTime.optional(),
  checkOutDate: StayDay,
  /** Blank: the property's default check-out time. */
  checkOutTime: StayTime.optional(),
  doorCode: ClearableText(40).optional(),
  notes: ClearableText(2000).optional(),
});

/** Check-out after check-in: a later day, or the same day at a later time. */
function checkOutAfterCheckIn(v: {
  checkInDate?: string;
  checkInTime?: string;
  checkOutDate?: string;
  checkOutTime?: string;
}): boolean {
  if (!v.checkInDate || !v.checkOutDate) return true;
  if (v.checkOutDate !== v.checkInDate) return v.checkOutDate > v.checkInDate;
  return v.checkInTime !== undefined && v.checkOutTime !== undefined && v.checkOutTime > v.checkInTime;
}

const checkOutRefinement = { message: copy.stays.checkOutBeforeCheckIn, path: ["checkOutDate"] };

export const CreateStayRequest = StayFields.extend({
  /** The property's web link id. */
  propertyId: text().trim().min(1).max(100),
  /** A system's own reservation id: a second create with the same one answers the existing stay (API, CSV). */
  sourceId: text().trim().min(1).max(200).optional(),
})
  .strict()
  .refine(checkOutAfterCheckIn, checkOutRefinement);
export type CreateStayRequest = z.input<typeof CreateStayRequest>;
export type CreateStayInput = z.output<typeof CreateStayRequest>;

/** Any of the stay's own fields; the server checks check-out against check-in with the stored values too. */
export const UpdateStayRequest = StayFields.partial()
  .extend({
    // `.partial()` keeps the defaults of adults, children and last name; an update must not reset them.
    guestLastName: text().trim().max(100).optional(),
    adults: z.coerce.number().int().min(1).max(STAY_MAX_GUESTS).optional(),
    children: z.coerce.number().int().min(0).max(STAY_MAX_GUESTS).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: copy.stays.nothingToUpdate })
  .refine(checkOutAfterCheckIn, checkOutRefinement);
export type UpdateStayRequest = z.input<typeof UpdateStayRequest>;
export type UpdateStayInput = z.output<typeof UpdateStayRequest>;

export const StayListQuery = PageQuery.extend({
  tab: z.enum(STAY_TABS).default("upcoming"),
  /** A property's web link id. */
  propertyId: text().trim().max(100).optional(),
  /** Part of the guest's first or last name. */
  q: text().trim().max(100).optional(),
});
export type StayListQuery = z.input<typeof StayListQuery>;

export const StayListResponse = z.object({ items: z.array(StayDto), nextCursor: text().nullable() });
export type StayListResponse = z.infer<typeof StayListResponse>;

export const StayCalendarQuery = z.object({ from: StayDay, to: StayDay });
export type StayCalendarQuery = z.infer<typeof StayCalendarQuery>;
/** Every stay (cancelled ones included, marked) that overlaps the days asked for. */
export const StayCalendarResponse = z.object({ stays: z.array(StayDto) });
export type StayCalendarResponse = z.infer<typeof StayCalendarResponse>;

export const StaySummaryResponse = z.object({
  upcoming: z.number().int(),
  arrivingToday: z.number().int(),
  departingToday: z.number().int(),
});
export type StaySummaryResponse = z.infer<typeof StaySummaryResponse>;

/** Most arrivals or departures the Today panel lists per kind; the rest are on the stays page. */
export const STAY_TODAY_MAX = 50;
export const STAY_TODAY_DAYS = ["today", "tomorrow"] as const;
export type StayTodayDay = (typeof STAY_TODAY_DAYS)[number];

/** An arrival or a departure: the day and time on the property's own clock. */
export const StayTodayItem = z.object({
  stayId: text(),
  guestName: text(),
  propertyTitle: text(),
  day: z.enum(STAY_TODAY_DAYS),
  date: text(),
  time: text(),
  timeZone: text(),
});
export type StayTodayItem = z.infer<typeof StayTodayItem>;

/** Most calendar feeds with errors the Today panel lists. */
export const STAY_TODAY_FEED_ERRORS_MAX = 10;

/** A calendar feed whose last read failed (decision 041), for the Today panel's link to its property's stays. */
export const StayTodayFeedError = z.object({
  feedId: text(),
  /** The property's web link id. */
  propertyId: text(),
  propertyTitle: text(),
  channel: text(),
});
export type StayTodayFeedError = z.infer<typeof StayTodayFeedError>;

/**
 * Confirmed stays arriving or leaving today or tomorrow where each property is, soonest first; and the
 * calendar feeds whose last read failed (issue 37 item 1).
 */
export const StayTodayResponse = z.object({
  arrivals: z.array(StayTodayItem),
  departures: z.array(StayTodayItem),
  feedErrors: z.array(StayTodayFeedError),
});
export type StayTodayResponse = z.infer<typeof StayTodayResponse>;
