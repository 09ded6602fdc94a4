import { z } from "zod";
import { copy } from "../copy.ts";
import { MAX_BULK_PROPERTIES, parsePropertyIds } from "../rules/bulk-updates.ts";
import { text } from "./text.ts";

/**
 * A bulk update as the page sends it (BULK-01/02): the two textareas as typed and the detail key. `apply`
 * false answers what would change without changing anything; the same request applied twice changes nothing
 * the second time.
 */
export const BulkUpdateRequest = z.object({
  propertyIds: text()
    .max(100_000)
    .refine((ids) => parsePropertyIds(ids).length > 0, copy.bulkUpdates.noIds)
    .refine(
      (ids) => parsePropertyIds(ids).length <= MAX_BULK_PROPERTIES,
      copy.bulkUpdates.tooManyIds(MAX_BULK_PROPERTIES),
    ),
  key: text().max(60),
  values: text().max(20_000),
  apply: z.boolean(),
});
export type BulkUpdateRequest = z.infer<typeof BulkUpdateRequest>;

export const BulkUpdateStatus = z.enum(["will-update", "updated", "unchanged", "not-found", "rejected"]);
export type BulkUpdateStatus = z.infer<typeof BulkUpdateStatus>;

/** BULK-05: one line per property id, in the order given. */
export const BulkUpdateResult = z.object({
  propertyId: text(),
  /** The property's title; null when not found. */
  title: text().nullable(),
  status: BulkUpdateStatus,
  /** The detail now and as it will be (or was set), as text; null when not found. */
  before: text().nullable(),
  after: text().nullable(),
  /** Why the property was rejected. */
  reason: text().nullable(),
});
export type BulkUpdateResult = z.infer<typeof BulkUpdateResult>;

export const BulkUpdateResponse = z.object({
  key: text(),
  applied: z.boolean(),
  results: z.array(BulkUpdateResult),
});
export type BulkUpdateResponse = z.infer<typeof BulkUpdateResponse>;
