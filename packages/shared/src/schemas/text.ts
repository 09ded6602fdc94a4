import { z } from "zod";

/**
 * NUL, or a UTF-16 surrogate without its partner: PostgreSQL refuses the first in text columns and cannot
 * encode the second, so neither may reach a query (decision 011). With the `u` flag a valid pair is one code
 * point outside the range, so only lone surrogates match.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
export const UNSAFE_TEXT = /[\u0000\uD800-\uDFFF]/u;

/** The issue message for unsafe text; the error handler answers it in a path id as 404 (decision 011). */
export const UNSAFE_TEXT_MESSAGE = "Text may not contain NUL or unpaired surrogate characters.";

/** Whether a string is safe to store: no NUL, no lone surrogate. */
export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/**
 * The one string schema of every request body, path and query (decision 011): `z.string()` that refuses
 * unsafe text. Lint forbids a bare `z.string()` in schemas and routes.
 */
export const text = () => z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE);
