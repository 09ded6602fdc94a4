import { z } from "zod";
import { ERROR_CODES } from "./error-codes.ts";

export { ERROR_CODES };

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
  PLACE_EXISTS: 409,
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
