import { z } from "zod";
import { ClearableText, HttpUrl } from "./common.ts";

/** A property manager (MGR-01), as the dashboard sees it. */
export const ManagerDto = z.object({
  vanityId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  email: z.string().nullable(),
  tel: z.string().nullable(),
  messageAppName: z.string().nullable(),
  messageAppLink: z.string().nullable(),
  isDefault: z.boolean(),
  propertyCount: z.number().int(),
  properties: z.array(z.object({ propertyId: z.string(), title: z.string() })),
});
export type ManagerDto = z.infer<typeof ManagerDto>;

export const ManagerResponse = z.object({ manager: ManagerDto });
export const ManagerListResponse = z.object({ items: z.array(ManagerDto) });
export type ManagerListResponse = z.infer<typeof ManagerListResponse>;

export const CreateManagerRequest = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
});
export type CreateManagerRequest = z.infer<typeof CreateManagerRequest>;

/** Email, phone and message-link URL may be blank to hide them from guests (MGR-08). */
export const UpdateManagerRequest = z
  .object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    email: z.union([z.literal(""), z.email().max(254)]).transform((v) => (v === "" ? null : v)).nullable(),
    tel: ClearableText(40),
    messageAppName: ClearableText(60),
    messageAppLink: z.union([z.literal(""), HttpUrl]).transform((v) => (v === "" ? null : v)).nullable(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateManagerRequest = z.infer<typeof UpdateManagerRequest>;
