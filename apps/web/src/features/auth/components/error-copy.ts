import { copy } from "@doorstep/shared/copy";
import type { ErrorCode } from "@doorstep/shared/errors";
import { ApiError } from "../../../lib/api-client.ts";

/** Maps an API failure to the documented copy (XCUT-25…35); anything unmapped gets `fallback`. */
export function messageFor(
  error: unknown,
  messages: Partial<Record<ErrorCode, string>>,
  fallback: string = copy.common.genericError,
): string {
  if (error instanceof ApiError) {
    if (error.code === "RATE_LIMITED") return messages.RATE_LIMITED ?? copy.common.tooManyRequests;
    return messages[error.code] ?? fallback;
  }
  return fallback;
}
