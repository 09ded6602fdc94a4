import { z } from "zod";
import { PhoneNumber } from "./phone.ts";
import { text } from "./text.ts";

/**
 * Self-editable profile fields only (AUTH-43); unknown keys are refused. Kept apart from user.ts, which the
 * dashboard's first view reads for the session: the phone check's metadata loads with the profile page only.
 */
export const UpdateProfileRequest = z
  .object({
    firstName: text().trim().min(1).max(100),
    lastName: text().trim().min(1).max(100),
    // AUTH-41/44: never blank, and a real number of its country, stored as E.164.
    tel: PhoneNumber,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;
