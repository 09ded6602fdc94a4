import { z } from "zod";

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
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** HTTP status for each error code; one place so server and docs agree. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  EMAIL_TAKEN: 409,
  INVALID_EMAIL: 400,
  WEAK_PASSWORD: 400,
  BOT_DETECTED: 400,
  USER_NOT_FOUND: 404,
  WRONG_PASSWORD: 401,
  CURRENT_PASSWORD_INCORRECT: 400,
  TOKEN_EXPIRED: 400,
  WEBLINK_TAKEN: 409,
  WEBLINK_INVALID: 400,
  INVALID_PASSCODE: 400,
  WORDS_NOT_FOUND: 404,
  NOT_CONFIGURED: 503,
  VIDEO_EXISTS: 409,
  HEIC_NOT_SUPPORTED: 415,
  IMAGE_TOO_MANY_PIXELS: 413,
  CARD_DECLINED: 402,
  CARD_INSUFFICIENT_FUNDS: 402,
  CARD_AUTHENTICATION_REQUIRED: 402,
  CARD_INVALID: 400,
  CARD_NOT_SAVED: 402,
  SUBSCRIPTION_FAILED: 502,
  SUBSCRIPTION_EXISTS: 409,
  NO_SUBSCRIPTION: 409,
  WEBHOOK_SIGNATURE_INVALID: 400,
};

export const ErrorIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssue>;

/** Every non-2xx response body. */
export const ErrorResponse = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    issues: z.array(ErrorIssue).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
