import { z } from "zod";
import { text } from "./text.ts";
import { PageQuery } from "./common.ts";

/** The activity page (decision 058): filtered by property (weblink) and by member, a page at a time. */
export const ActivityQuery = PageQuery.extend({
  propertyId: text().min(1).max(60).optional(),
  memberId: z.uuid().optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ACTIVITY_KINDS = [
  "property-settings",
  "content-item",
  "publishing",
  "passcode",
  "stay",
  "scheduled-message",
  "store-order",
  "team",
  "bulk-update",
  "duplicate-property",
] as const;

/** One change: who, what and when; the details say which item and fields, never whole texts. */
export const ActivityEntry = z.object({
  id: text(),
  createdAt: text(),
  kind: z.enum(ACTIVITY_KINDS),
  /** The member's name; null when an API key made the change or the member has left. */
  actorName: text().nullable(),
  byApiKey: z.boolean(),
  propertyId: text().nullable(),
  action: text().nullable(),
  title: text().nullable(),
  fields: z.array(text()),
  email: text().nullable(),
  role: text().nullable(),
  guest: text().nullable(),
  published: z.boolean().nullable(),
  /** A refund's amount in minor units of `currency` (store orders). */
  amount: z.number().int().nullable(),
  currency: text().nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityResponse = z.object({ items: z.array(ActivityEntry), nextCursor: text().nullable() });
export type ActivityResponse = z.infer<typeof ActivityResponse>;
