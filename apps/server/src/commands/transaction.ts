import type { AppContext } from "../app-context.ts";

/**
 * Runs `work` with a context whose database is one transaction: every service it calls writes through it, so
 * a workflow across features commits whole or not at all. Outside effects (storage, broadcasts, the payment
 * gateway, rate limits) stay outside it: they cannot be rolled back, and on PGlite's single connection a
 * limiter of its own would wait for the transaction.
 */
export function inTransaction<T>(ctx: AppContext, work: (tx: AppContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((db) => work({ ...ctx, db }));
}
