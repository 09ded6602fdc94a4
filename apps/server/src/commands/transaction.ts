import type { AppContext } from "../app-context.ts";

/**
 * Runs `work` with a context whose database is one transaction: every service it calls with that context
 * writes inside it, so a workflow across features commits whole or not at all. Services that open a
 * transaction of their own get a savepoint in it (drizzle nests them), so their retries on a unique violation
 * still work. Outside effects (storage, broadcasts, the payment gateway, email, rate limits, the job queue)
 * stay outside it: they cannot be rolled back, and the local payment gateway and a limiter read through the
 * app's own handle, which waits for this transaction on PGlite's one connection.
 */
export function inTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((db) => work({ ...ctx, db }));
}
