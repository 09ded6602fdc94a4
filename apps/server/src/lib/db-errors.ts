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
