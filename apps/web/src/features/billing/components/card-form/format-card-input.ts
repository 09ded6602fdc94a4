/** The card number as typed, in groups of four digits (up to 19 digits: "4242 4242 4242 4242"). */
export function groupCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Where the caret belongs in `formatted` so that `digitsBefore` digits stay on its left. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (/\d/.test(formatted[i]!)) seen += 1;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/**
 * The expiry as typed, with its "/" put in: "12" → "12/", "1234" → "12/34", "4" → "04/" (no month starts
 * with 2–9), "1/" → "01/". While deleting (`deleting`), a "/" already deleted is not put back, so Backspace
 * gets past it.
 * Up to six digits, for "MM/YYYY".
 */
export function formatExpiry(typed: string, deleting: boolean): string {
  const single = /^\s*(\d)\s*\//.exec(typed);
  let digits = typed.replace(/\D/g, "").slice(0, 6);
  if (single && digits.length === 1) digits = `0${digits}`;
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting && !typed.trimEnd().endsWith("/") ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
