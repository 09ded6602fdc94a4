import type { Db } from "./client.ts";

/**
 * A hot read as a prepared statement, built once per database handle (decision 013's follow-up, docs/
 * architecture.md §9): drizzle builds its SQL once instead of on every request, and PostgreSQL parses a named
 * statement once per connection (on PGlite once per instance, decision 062) and settles on a generic plan.
 * `build` must use `sql.placeholder` for every value that varies per request, but not for a page size: a
 * LIMIT parameter is costed as 10 % of the rows, so over many rows PostgreSQL keeps making custom plans, one
 * per execution (write the size into the statement, one statement per size). A transaction is a handle of its
 * own (it gets its own statement); the pool's is kept for the process.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = build(db)));
    return statement;
  };
}
