/**
 * Stripe's test card numbers and what they do (https://docs.stripe.com/testing): the
 * local gateway honours them so the whole billing flow can be exercised without an account.
 */
export type CardBehaviour = "ok" | "declined" | "insufficient_funds" | "fails_later" | "authentication_required";

const TEST_CARDS: Record<string, CardBehaviour> = {
  "4000000000000002": "declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000341": "fails_later",
  "4000002760003184": "authentication_required",
};

export function cardBehaviour(digits: string): CardBehaviour {
  return TEST_CARDS[digits] ?? "ok";
}

export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand by number prefix (visa, amex, mastercard are the marks the form shows, BILL-19). */
export function cardBrand(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^3[47]/.test(digits)) return "amex";
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "mastercard";
  return "unknown";
}
