import { z } from "zod";
import { PASSCODE_PATTERN } from "../rules/property.ts";
import { copy } from "../copy.ts";

/** The guide's 6-digit passcode form (GUIDE-07, PROP-24), posted as a form or as JSON. */
export const UnlockGuideRequest = z.object({
  passcode: z.string().trim().regex(PASSCODE_PATTERN, copy.guide.passcodeFormat),
  lang: z.string().max(12).optional(),
});
export type UnlockGuideRequest = z.infer<typeof UnlockGuideRequest>;

export const UnlockGuideResponse = z.object({ unlocked: z.literal(true) });
export type UnlockGuideResponse = z.infer<typeof UnlockGuideResponse>;

/** A short-lived signed link that shows the guide to its owner even when inactive or protected (OPEN-57). */
export const PreviewLinkResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type PreviewLinkResponse = z.infer<typeof PreviewLinkResponse>;

export const DEVICE_TYPES = ["desktop", "tablet", "mobile"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * One guide visit as the guide reports it (IMPL-05, ANL-05): the server derives property owner and device
 * type; the tracking session id is random per browser session (sessionStorage), never personal.
 */
export const RecordVisitRequest = z.object({
  propertyId: z.string().min(1).max(60),
  trackingSessionId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  // A campaign tag we cannot store is dropped, never the visit (a shared link may carry anything).
  utmSource: z
    .string()
    .max(40)
    .regex(/^[A-Za-z0-9._-]*$/)
    .nullish()
    .catch(null),
});
export type RecordVisitRequest = z.infer<typeof RecordVisitRequest>;
