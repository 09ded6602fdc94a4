import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorCode, ErrorIssue, ErrorResponse } from "@doorstep/shared/errors";
import { ERROR_STATUS } from "@doorstep/shared/errors";
import { apiErrorCopy } from "@doorstep/shared/copy/api-errors";
import { UNSAFE_TEXT_MESSAGE } from "@doorstep/shared/schemas/text";
import { AppError } from "../lib/app-error.ts";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";
import { wantsSpa } from "./spa.ts";

/** How long a client should wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const m = apiErrorCopy;

function body(code: ErrorCode, message: string, issues?: ErrorIssue[]): ErrorResponse {
  // Only the envelope's fields: an AppError's issues also carry their code and parameters.
  const sent = issues?.map(({ path, message }) => ({ path, message }));
  return { error: { code, message, ...(sent ? { issues: sent } : {}) } };
}

/**
 * Answers an AppError: its status, its API code, and its message (English unless an edge rendered it in the
 * reader's language, like the guide's gate).
 */
export function sendAppError(
  reply: FastifyReply,
  error: AppError,
  message = error.message,
  issues: ErrorIssue[] | undefined = error.issues,
): FastifyReply {
  // The rate limiter says when the window reopens (RFC 9110 §10.2.3); clients and proxies can wait that long.
  if (error.status === 429 && error.retryAfterSeconds !== undefined)
    reply.header("Retry-After", String(error.retryAfterSeconds));
  if (error.code === "UNAVAILABLE") reply.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  return reply.status(error.status).send(body(error.code, message, issues));
}

/** One error handler: AppError → its code and status; validation → 400 with issues; the rest masked as 500 (docs/architecture.md §4). */
export function registerErrorHandling(
  app: FastifyInstance,
  spaIndexHtml: Buffer | null,
  spaCsp = "default-src 'self'",
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // An id in the path with NUL or a lone surrogate names nothing: answered like any unknown id (decision 011).
      if (error.validationContext === "params" && error.validation.some((v) => v.message === UNSAFE_TEXT_MESSAGE)) {
        return reply.status(404).send(body("NOT_FOUND", m.NOT_FOUND()));
      }
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split("/").filter(Boolean),
        message: v.message ?? "Invalid value",
      }));
      return reply.status(400).send(body("VALIDATION_FAILED", m.VALIDATION_FAILED(), issues));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body("RATE_LIMITED", m.RATE_LIMITED()));
    if (status === 413 || error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply.status(413).send(body("PAYLOAD_TOO_LARGE", m.PAYLOAD_TOO_LARGE()));
    }
    if (status === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send(body("UNSUPPORTED_MEDIA_TYPE", m.UNSUPPORTED_MEDIA_TYPE()));
    }
    if (status >= 400 && status < 500) {
      return reply.status(ERROR_STATUS.VALIDATION_FAILED).send(body("VALIDATION_FAILED", m.VALIDATION_FAILED()));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is down or restarting. Clients and load balancers may retry shortly.
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body("UNAVAILABLE", m.UNAVAILABLE()));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(body("INTERNAL", m.INTERNAL()));
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaIndexHtml && wantsSpa(request.method, request.url, request.headers.accept)) {
      return reply
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-cache")
        .header("X-Content-Type-Options", "nosniff")
        .header("X-Frame-Options", "DENY")
        .header("Referrer-Policy", "strict-origin-when-cross-origin")
        .header("Content-Security-Policy", spaCsp)
        .send(spaIndexHtml);
    }
    return reply.status(404).send(body("NOT_FOUND", `No route for ${request.method} ${request.url.split("?")[0]}`));
  });
}
