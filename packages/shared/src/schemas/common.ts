import { z } from "zod";
import { text } from "./text.ts";
import { HEX_COLOUR } from "../rules/property.ts";

/** #RRGGBB (SETUP-19, CO-05). */
export const HexColour = text().regex(HEX_COLOUR, "Use a hex colour such as #1F6F68");

/** An http(s) URL, or null to clear it. */
export const HttpUrl = text()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), "Use a full address beginning with http:// or https://");

/** Optional text that may be cleared: "" becomes null. */
export const ClearableText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v))
    .nullable();

/** Cursor pagination query (XCUT-23, docs/architecture.md §4). */
export const PageQuery = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
