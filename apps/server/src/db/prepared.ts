import type { Db } from "./client.ts";

/**
 * A hot read as a prepared statement, built once per database handle (decision 013's follow-up, docs/
 * architecture.md §9): drizzle builds its SQL once instead of on every request, and PostgreSQL parses and
 * plans a named statement once per connection. `build` must use `sql.placeholder` for every value. A
 * transaction is a handle of its own (it gets its own statement); the pool's is kept for the process.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = build(db)));
    return statement;
  };
}
