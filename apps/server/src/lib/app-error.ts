import {
  apiCodeOf,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorIssue,
  type ErrorReason,
  type NotFoundSubject,
} from "@doorstep/shared/errors";
import { renderApiError, type ErrorParams } from "@doorstep/shared/copy/api-errors";

type Path = (string | number)[];

/**
 * One problem with one field. `reason` and `params` say what it is, so an edge can render it in another
 * language (the guide's forms); `message` is the English the API sends.
 */
export interface AppErrorIssue extends ErrorIssue {
  reason?: ErrorReason;
  params?: unknown;
}

/**
 * Where the error is: `at` a field (the one issue, with the error's message or `issue`'s), or `issues`
 * of a parsed form.
 */
export type ErrorPlace = { at: Path; issue?: ErrorReason } | { issues: AppErrorIssue[] };

export type ErrorArgs<R extends ErrorReason> =
  undefined extends ErrorParams<R>
    ? [params?: ErrorParams<R>, place?: ErrorPlace]
    : [params: ErrorParams<R>, place?: ErrorPlace];

/** An issue of `reason` at `path`, its English message rendered from the catalogue. */
export function issueAt<R extends ErrorReason>(path: Path, reason: R, ...[params]: ErrorArgs<R>): AppErrorIssue {
  return { path, message: renderApiError(reason, params as ErrorParams<R>), reason, params };
}

/**
 * A failure the client can act on (docs/architecture.md §4, decision 035): thrown with a code and its
 * parameters, never a sentence. `reason` is that code, maybe a specific one; `code` is the API code the
 * response carries (the same, or the specific code's family) and `status` follows from it. `message` is the
 * English from the copy catalogue (copy/api-errors.ts); an edge that speaks another language renders
 * `reason` and `params` itself.
 */
export class AppError<R extends ErrorReason = ErrorReason> extends Error {
  readonly reason: R;
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: ErrorParams<R>;
  readonly issues?: AppErrorIssue[];
  /** When a rate limit reopens: the error handler sends it as Retry-After. */
  readonly retryAfterSeconds?: number;

  constructor(reason: R, ...[params, place]: ErrorArgs<R>) {
    const message = renderApiError(reason, params as ErrorParams<R>);
    super(message);
    this.reason = reason;
    this.code = apiCodeOf(reason);
    this.status = ERROR_STATUS[reason];
    this.params = params as ErrorParams<R>;
    if (place && "issues" in place) this.issues = place.issues;
    else if (place) {
      this.issues = [
        place.issue ? issueAt(place.at, place.issue as never) : { path: place.at, message, reason, params },
      ];
    }
    const retry = (params as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
    if (typeof retry === "number") this.retryAfterSeconds = retry;
  }
}

/**
 * 404 for something the caller cannot see, or that does not exist; `subject` names it in the message
 * ("property": "Property not found"), and without one the message is "Not found".
 */
export const notFound = (subject?: NotFoundSubject) =>
  new AppError("NOT_FOUND", subject === undefined ? undefined : { subject });
