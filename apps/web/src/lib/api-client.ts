import { CLIENT_VERSION } from "@doorstep/shared/constants";
import { isErrorCode, type ErrorCode } from "@doorstep/shared/error-codes";
import type { z } from "zod";

/** A failed API call: the shared error code (docs/architecture.md §4) and the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** The envelope's `issues` as sent (which fields it is about), unread: a form parses them (api-error-fields.ts). */
  readonly issues: unknown;

  constructor(code: ErrorCode, status: number, message: string, issues?: unknown) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

// When a body is not the shared envelope (a proxy, a plugin's own reply), the status still says enough.
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "VALIDATION_FAILED",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  // A proxy's own page while the server or its database is down (decision 011).
  503: "UNAVAILABLE",
};

type UnauthenticatedHandler = () => void;
let onUnauthenticated: UnauthenticatedHandler = () => {};

/** The app registers what "the session is gone" means (clear the cached user, AUTH-22). */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler): void {
  onUnauthenticated = handler;
}

/**
 * The shared error envelope (`ErrorResponse` in @doorstep/shared/errors), read by hand: this module is in
 * the dashboard's first view, which loads no zod (decision 017).
 */
function readErrorEnvelope(bodyText: string): { code: ErrorCode; message: string; issues?: unknown } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return undefined; // Not JSON: the caller falls back to the status.
  }
  if (typeof json !== "object" || json === null || !("error" in json)) return undefined;
  const { error } = json;
  if (typeof error !== "object" || error === null || !("code" in error) || !("message" in error)) return undefined;
  const { code, message } = error;
  const issues = "issues" in error ? error.issues : undefined;
  return isErrorCode(code) && typeof message === "string" ? { code, message, issues } : undefined;
}

/** The one place a failed response becomes an ApiError; used by fetch and XHR uploads alike. */
export function toApiError(status: number, bodyText: string): ApiError {
  const parsed = readErrorEnvelope(bodyText);
  const code = parsed?.code ?? CODE_BY_STATUS[status] ?? "INTERNAL";
  const error = new ApiError(code, status, parsed?.message ?? `Request failed with status ${status}`, parsed?.issues);
  if (code === "UNAUTHENTICATED") onUnauthenticated();
  return error;
}

/**
 * Sent with every API call (fetch and uploads): the server records the client version on each login
 * attempt, with whether the page had to reload for a newer one (AUTH-12, AUTH-13).
 */
export const CLIENT_VERSION_HEADER = "X-Client-Version";
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  Accept: "application/json",
  [CLIENT_VERSION_HEADER]: CLIENT_VERSION,
};

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Schema of a successful body; omit for 204 responses. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/** Sends one call and answers a 2xx status with its body as text; throws ApiError on any failure. */
async function send(
  path: string,
  { method = "GET", body, signal }: RequestOptions<unknown>,
): Promise<{ status: number; text: string }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? BASE_HEADERS : { ...BASE_HEADERS, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError("INTERNAL", 0, "Network request failed");
  }
  const text = await response.text();
  if (!response.ok) throw toApiError(response.status, text);
  return { status: response.status, text };
}

function parseJson(path: string, status: number, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("INTERNAL", status, `Response of ${path} is not JSON`);
  }
}

/** Calls the JSON API on the same origin with the session cookie; throws ApiError on any failure. */
export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = await send(path, options);
  const { schema } = options;
  if (!schema) return undefined as T;
  const result = schema.safeParse(parseJson(path, response.status, response.text));
  if (!result.success) {
    console.error(`Unexpected response from ${path}`, result.error.issues);
    throw new ApiError("INTERNAL", response.status, `Unexpected response from ${path}`);
  }
  return result.data;
}

/**
 * Like `apiRequest`, but answers the JSON body as `T` without parsing it in the browser. Only for the calls
 * of the dashboard's shell and first view (session, configuration, the header, the home), whose modules must
 * not load zod: the server has already written the body from the same shared schema (decision 030), and a
 * client of another version reloads (AUTH-10). Decision 015.
 */
export async function apiRequestTrusted<T>(path: string, options: Omit<RequestOptions<T>, "schema"> = {}): Promise<T> {
  const response = await send(path, options);
  return parseJson(path, response.status, response.text) as T;
}

/** True when `error` is an ApiError with one of the given codes. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}
