import { z } from "zod";
import { CreatePropertyRequest } from "./property.ts";
import { text } from "./text.ts";

/** Duplicate a guide: the new property's name and weblink, by the rules and copy of create. */
export const DuplicatePropertyRequest = CreatePropertyRequest;
export type DuplicatePropertyRequest = z.infer<typeof DuplicatePropertyRequest>;

export const PropertyCopyStatus = z.enum(["running", "done", "failed"]);
export type PropertyCopyStatus = z.infer<typeof PropertyCopyStatus>;

/** A copy in progress or finished: `done` of `total` steps (one per content item, one for shared items). */
export const PropertyCopyDto = z.object({
  id: z.uuid(),
  status: PropertyCopyStatus,
  done: z.number().int(),
  total: z.number().int(),
  /** The new property's weblink and name. */
  propertyId: text(),
  title: text(),
});
export type PropertyCopyDto = z.infer<typeof PropertyCopyDto>;

export const PropertyCopyResponse = z.object({ copy: PropertyCopyDto });
export type PropertyCopyResponse = z.infer<typeof PropertyCopyResponse>;
