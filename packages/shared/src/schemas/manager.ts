import { z } from "zod";
import { text } from "./text.ts";
import { ClearableText, HttpUrl, PageQuery } from "./common.ts";
import { ClearablePhoneNumber } from "./phone.ts";

/** Managers per page of GET /api/managers (docs/architecture.md §4: nothing returns an unbounded list). */
export const MANAGERS_PAGE_SIZE = 50;
/** Properties named on a manager's profile; `propertyCount` says how many there are in all (MGR-13). */
export const MANAGER_PROFILE_PROPERTIES = 100;

/** A property manager (MGR-01), as the dashboard sees it. */
export const ManagerDto = z.object({
  vanityId: text(),
  firstName: text(),
  lastName: text(),
  photoUrl: text().nullable(),
  email: text().nullable(),
  tel: text().nullable(),
  messageAppName: text().nullable(),
  messageAppLink: text().nullable(),
  isDefault: z.boolean(),
  propertyCount: z.number().int(),
  /** The first MANAGER_PROFILE_PROPERTIES by title. */
  properties: z.array(z.object({ propertyId: text(), title: text() })),
});
export type ManagerDto = z.infer<typeof ManagerDto>;

/** A manager in the list: its property count, not its properties (MGR-02, MGR-13). */
export const ManagerSummary = ManagerDto.omit({ properties: true });
export type ManagerSummary = z.infer<typeof ManagerSummary>;

export const ManagerResponse = z.object({ manager: ManagerDto });
export const ManagerListQuery = PageQuery;
export type ManagerListQuery = z.infer<typeof ManagerListQuery>;
export const ManagerListResponse = z.object({ items: z.array(ManagerSummary), nextCursor: text().nullable() });
export type ManagerListResponse = z.infer<typeof ManagerListResponse>;

export const CreateManagerRequest = z.object({
  firstName: text().trim().min(1).max(100),
  lastName: text().trim().min(1).max(100),
});
export type CreateManagerRequest = z.infer<typeof CreateManagerRequest>;

/** Email, phone and message-link URL may be blank to hide them from guests (MGR-08). */
export const UpdateManagerRequest = z
  .object({
    firstName: text().trim().min(1).max(100),
    lastName: text().trim().min(1).max(100),
    email: z
      .union([z.literal(""), z.email().max(254)])
      .transform((v) => (v === "" ? null : v))
      .nullable(),
    tel: ClearablePhoneNumber,
    messageAppName: ClearableText(60),
    messageAppLink: z
      .union([z.literal(""), HttpUrl])
      .transform((v) => (v === "" ? null : v))
      .nullable(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type UpdateManagerRequest = z.infer<typeof UpdateManagerRequest>;
