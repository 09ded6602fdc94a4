import { z } from "zod";
import { phoneCopy } from "../copy/phone.ts";
import { checkPhone, type PhoneProblem } from "../rules/phone.ts";
import { text } from "./text.ts";

const c = phoneCopy.phone;

const MESSAGES: Record<PhoneProblem, string> = {
  "no-digits": c.noDigits,
  "needs-country": c.needsCountry,
  invalid: c.invalidAny,
};

/** The typed number as E.164, or an issue in the catalogue's words ("abc" has no digits). */
function toE164(value: string, ctx: z.RefinementCtx): string {
  const checked = checkPhone(value);
  if (checked.ok) return checked.e164;
  ctx.addIssue({ code: "custom", message: MESSAGES[checked.problem] });
  return z.NEVER;
}

/**
 * A phone number in a request: international (+CC…, as the dashboard's country chooser sends it), stored as
 * E.164. "abc" is refused with a message, as is a number its country does not have.
 */
export const PhoneNumber = text().trim().min(1).max(40).transform(toE164);

/** A phone number that may be cleared (MGR-08: a blank phone is hidden from guests): blank becomes null. */
export const ClearablePhoneNumber = text()
  .trim()
  .max(40)
  .transform((value, ctx) => (value === "" ? null : toE164(value, ctx)))
  .nullable();
