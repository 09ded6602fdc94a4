import { z } from "zod";
import { text } from "./text.ts";
import { PERMISSIONS, ROLES } from "../rules/permissions.ts";

/** What the dashboard knows about the signed-in user (AUTH-16, AUTH-17; never secrets, AUTH-20). */
export const UserDto = z.object({
  id: text(),
  firstName: text(),
  lastName: text().nullable(),
  tel: text().nullable(),
  email: text(),
  photoUrl: text().nullable(),
  isMaster: z.boolean(),
  /** The user's role on the account and what it allows (decision 056): the dashboard shows only that. */
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Limited to chosen properties (an editor or viewer). */
  propertyLimited: z.boolean(),
  isAffiliate: z.boolean(),
  messagingActive: z.boolean(),
  sharedContentPropertyId: text().nullable(),
  referrerCode: text(),
  account: z.object({
    trialEndsAt: text().nullable(),
    hasSubscription: z.boolean(),
    paymentFailed: z.boolean(),
  }),
});
export type UserDto = z.infer<typeof UserDto>;

export const MeResponse = z.object({
  user: UserDto,
  unreadMessageCount: z.number().int().nonnegative(),
  /** The guest store (decision 053): requests waiting for an answer (the Orders badge), and whether it has offers. */
  pendingOrderCount: z.number().int().nonnegative().optional(),
  storeActive: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof MeResponse>;

export const UpdateEmailRequest = z.object({ email: text().trim().min(1).max(254) });
export type UpdateEmailRequest = z.infer<typeof UpdateEmailRequest>;

export const UpdatePasswordRequest = z.object({
  currentPassword: text().min(1).max(512),
  newPassword: text().min(1).max(512),
});
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequest>;
