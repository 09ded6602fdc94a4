import { z } from "zod";
import { text } from "./text.ts";

/** "Contact support" (PROP-20): the host's subject and message, and the property it is about if any. */
export const SupportRequest = z.object({
  subject: text().trim().min(1).max(200),
  message: text().trim().min(1).max(5000),
  propertyId: text().min(1).max(60).nullable(),
});
export type SupportRequest = z.infer<typeof SupportRequest>;
