// Without zod, so the dashboard's first view can read an error envelope without loading it (decision 017).

/** The closed set of machine-readable error codes the API answers with (docs/architecture.md §4, OPEN-70). */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "INTERNAL",
  // A dependency (the database) is down for now: /api/ready.
  "UNAVAILABLE",
  "EMAIL_TAKEN",
  "INVALID_EMAIL",
  "WEAK_PASSWORD",
  "BOT_DETECTED",
  "USER_NOT_FOUND",
  "WRONG_PASSWORD",
  "ACCOUNT_DELETED",
  "CURRENT_PASSWORD_INCORRECT",
  "TOKEN_EXPIRED",
  "WEBLINK_TAKEN",
  "WEBLINK_INVALID",
  "INVALID_PASSCODE",
  "WORDS_NOT_FOUND",
  "NOT_CONFIGURED",
  // Content: a second video before the first is deleted (CONT-21).
  "VIDEO_EXISTS",
  // Files: HEIC cannot be decoded here (decision 006); an image with too many pixels to decode safely.
  "HEIC_NOT_SUPPORTED",
  "IMAGE_TOO_MANY_PIXELS",
  // Billing (BILL-27…30, OPEN-70).
  "CARD_DECLINED",
  "CARD_INSUFFICIENT_FUNDS",
  "CARD_AUTHENTICATION_REQUIRED",
  "CARD_INVALID",
  "CARD_NOT_SAVED",
  "SUBSCRIPTION_FAILED",
  "SUBSCRIPTION_EXISTS",
  "NO_SUBSCRIPTION",
  "WEBHOOK_SIGNATURE_INVALID",
  // LOCAL-08: the place is already on this list.
  "PLACE_EXISTS",
  // API keys (decision 039): codes a property-management system switches on.
  "API_KEY_INVALID",
  "API_KEY_NOT_ALLOWED",
  "IDEMPOTENCY_KEY_REUSED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const codes: ReadonlySet<string> = new Set(ERROR_CODES);

/** True when `value` is one of the API's error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && codes.has(value);
}
