/** The Postgres error code for a unique-constraint violation. */
const UNIQUE_VIOLATION = "23505";

interface PgError {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  cause?: PgError;
}

/**
 * Whether an error is Postgres refusing a duplicate, optionally on one named constraint. The database error
 * may arrive as is or wrapped as the `cause` of the query layer's error, so both are read.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as PgError | null | undefined;
  const pg = e?.code === UNIQUE_VIOLATION ? e : e?.cause?.code === UNIQUE_VIOLATION ? e.cause : undefined;
  if (!pg) return false;
  return constraint === undefined || (pg.constraint ?? pg.constraint_name) === constraint;
}

// Node socket errors and PostgreSQL's connection-exception (08…), shutdown (57P0…) and too-many-connections codes.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
// pg's pool and client, and PGlite, say it in words only.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|PGlite is closed|connection is closed/i;

/**
 * Whether an error means the database cannot be reached right now (rather than refusing a query): the request
 * is answered 503 UNAVAILABLE with Retry-After (decision 011). Wrapped causes are followed, as the query layer
 * wraps the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as (PgError & { message?: string; errors?: unknown[] }) | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === "string" && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith("08"))) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    // Node reports a refused dual-stack connect as an AggregateError of both attempts.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
