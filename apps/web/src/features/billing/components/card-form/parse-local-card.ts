import type { LocalCardRequest } from "@doorstep/shared/schemas/billing";

interface LocalCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** The test-mode card fields as the API's LocalCardRequest, or which fields are not complete yet. */
export function parseLocalCard(input: LocalCardInput): {
  card: LocalCardRequest | null;
  errors: Record<keyof LocalCardInput, boolean>;
} {
  const digits = input.number.replace(/\s+/g, "");
  const numberOk = /^[0-9]{12,19}$/.test(digits);
  const expiryMatch = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const expMonth = expiryMatch ? Number(expiryMatch[1]) : 0;
  const rawYear = expiryMatch ? expiryMatch[2]! : "";
  const expYear = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  const expiryOk = expMonth >= 1 && expMonth <= 12 && expYear >= 2000 && expYear <= 2100;
  const cvcOk = /^[0-9]{3,4}$/.test(input.cvc.trim());
  const errors = { number: !numberOk, expiry: !expiryOk, cvc: !cvcOk };
  if (!numberOk || !expiryOk || !cvcOk) return { card: null, errors };
  return { card: { number: digits, expMonth, expYear, cvc: input.cvc.trim() }, errors };
}
