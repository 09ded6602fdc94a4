// The "min" metadata (≈ 80 KB raw): enough to validate and format every country's numbers, without the
// example numbers and number types of the "max" build. Only lazy routes' forms and the server import this.
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from "libphonenumber-js/min";

export type { CountryCode };

/** Why a typed number cannot be stored. */
export type PhoneProblem = "no-digits" | "invalid" | "needs-country";

export type PhoneCheck = { ok: true; e164: string } | { ok: false; problem: PhoneProblem };

const hasLetters = (input: string) => /\p{L}/u.test(input.replace(/\b(ext|x)\.?\s*\d+$/i, ""));

/**
 * A typed number as E.164 ("+442079460958"): read in `country` unless it starts with + (or 00). Refused
 * without digits ("abc"), and when it is not a valid number of its country.
 */
export function checkPhone(input: string, country?: CountryCode): PhoneCheck {
  const typed = input.trim().replace(/^00/, "+");
  if (!/\d/.test(typed) || hasLetters(typed)) return { ok: false, problem: "no-digits" };
  if (!typed.startsWith("+") && !country) return { ok: false, problem: "needs-country" };
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed || !parsed.isValid()) return { ok: false, problem: "invalid" };
  return { ok: true, e164: parsed.number };
}

/** The stored number, parsed when it is E.164 (numbers saved before they were checked may not be). */
const parseStored = (stored: string) => {
  const parsed = stored.startsWith("+") ? parsePhoneNumberFromString(stored) : undefined;
  return parsed?.isValid() ? parsed : undefined;
};

/** A number for reading ("+44 20 7946 0958"); a stored number that does not parse is shown as stored. */
export function formatPhone(stored: string): string {
  return parseStored(stored)?.formatInternational() ?? stored;
}

/**
 * The `tel:` link of a stored number: its E.164; for an older number that does not parse, its digits and a
 * leading + ("+44 (0)1273 123 456" → "tel:+4401273123456"); null with fewer than three digits.
 */
export function phoneHref(stored: string | null): string | null {
  if (!stored) return null;
  const parsed = parseStored(stored);
  if (parsed) return `tel:${parsed.number}`;
  const digits = stored.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}

/** The country of a stored number, for the chooser; undefined when it does not parse or is shared (+1 → US). */
export function phoneCountry(stored: string | null): CountryCode | undefined {
  return stored ? parseStored(stored)?.country : undefined;
}

/** The national part of a stored number, as the host would type it with its country chosen. */
export function phoneNational(stored: string | null): string {
  if (!stored) return "";
  return parseStored(stored)?.formatNational() ?? stored;
}

/** Every country a number can be in, with its calling code ("GB" → "44"). */
export function phoneCountries(): { code: CountryCode; callingCode: string }[] {
  return getCountries().map((code) => ({ code, callingCode: getCountryCallingCode(code) }));
}

/** An ISO code when the string is one the metadata knows ("gb" → "GB"). */
export function asPhoneCountry(code: string | null | undefined): CountryCode | undefined {
  const upper = code?.trim().toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : undefined;
}

/**
 * What a phone field sends for the number typed with a country chosen: "" when blank, the E.164 when it is a
 * number of that country, else the text as the request would judge it — letters as typed (refused for having
 * no digits), digits behind the country's code (refused as not a number of that country).
 */
export function composePhone(national: string, country: CountryCode): string {
  const typed = national.trim();
  if (typed === "") return "";
  const checked = checkPhone(typed, country);
  if (checked.ok) return checked.e164;
  if (checked.problem === "no-digits" || /^(\+|00)/.test(typed)) return typed;
  return `+${getCountryCallingCode(country)} ${typed}`;
}
