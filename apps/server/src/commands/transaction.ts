import type { AppContext } from "../app-context.ts";

/**
 * Runs `work` with a context whose database is one transaction: every service it calls with that context
 * writes inside it, and a throw rolls them all back. Services that open a transaction of their own get a
 * savepoint in it (drizzle nests them), so their retries on a unique violation still work. Provider calls
 * (payments, email) do not belong inside: they are not rolled back, and the local payment gateway reads
 * its tables through the app's own handle, which waits for this transaction on PGlite's one connection.
 */
export function inTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((db) => work({ ...ctx, db }));
}
