import { LocalCardRequest } from "@doorstep/shared/schemas/billing";

interface LocalCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** The API's card request, with the browser's stricter number: 12 to 19 digits once the spaces go. */
const LocalCard = LocalCardRequest.extend({
  number: LocalCardRequest.shape.number
    .transform((value) => value.replace(/\s+/g, ""))
    .refine((digits) => /^[0-9]{12,19}$/.test(digits)),
});

/** Which typed field each of the request's values comes from. */
const FIELD_OF: Record<string, keyof LocalCardInput> = {
  number: "number",
  expMonth: "expiry",
  expYear: "expiry",
  cvc: "cvc",
};

/** The test-mode card fields as the API's LocalCardRequest, or which fields are not complete yet. */
export function parseLocalCard(input: LocalCardInput): {
  card: LocalCardRequest | null;
  errors: Record<keyof LocalCardInput, boolean>;
} {
  // "MM/YY" or "MM/YYYY"; anything else leaves month and year at 0, which the request refuses.
  const expiryMatch = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const expMonth = expiryMatch ? Number(expiryMatch[1]) : 0;
  const rawYear = expiryMatch ? expiryMatch[2]! : "";
  const expYear = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  const result = LocalCard.safeParse({ number: input.number, expMonth, expYear, cvc: input.cvc });
  const errors = { number: false, expiry: false, cvc: false };
  if (result.success) return { card: result.data, errors };
  for (const issue of result.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field) errors[field] = true;
  }
  return { card: null, errors };
}
