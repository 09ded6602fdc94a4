import { ERROR_STATUS, type ErrorCode, type ErrorIssue } from "@doorstep/shared/errors";

/** A failure the client can act on: a stable code, an HTTP status derived from it, a safe message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: ErrorIssue[];

  constructor(code: ErrorCode, message?: string, issues?: ErrorIssue[]) {
    super(message ?? code);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.issues = issues;
  }
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
