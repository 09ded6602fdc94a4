import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Puts each request's id into an AsyncLocalStorage for everything the request starts, so an error that escapes
 * it (a timer's throw, a promise nobody awaited) can still be logged with the request id (lib/process-guards.ts).
 * Fastify 5 has no request context of its own; its body parser resumes in the request's async scope, so the
 * store survives reading a body.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => storage.run({ requestId: request.id }, done));
}

/** The id of the request whose work is running now, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
