import type { FastifyBaseLogger } from "fastify";

export interface ProcessGuardOptions {
  log: FastifyBaseLogger;
  /** The graceful close SIGTERM uses; called at most once here. */
  close: () => Promise<unknown>;
  /** How long a close after an uncaught exception may take before the process exits anyway. */
  closeTimeoutMs?: number;
  exit?: (code: number) => void;
}

/**
 * The process's last line of defence for errors nothing caught. A rejected promise nobody awaited leaves no
 * state half-changed that we know of: it is logged and the server keeps serving. An uncaught exception
 * unwound a stack at an unknown point: it is logged, the server closes as gracefully as it can within a few
 * seconds, and the process exits 1 for its supervisor (scripts/start.mjs, or the platform's) to start a new
 * one. Neither carries a request id: the stack (source-mapped) says which code raised it, and knowing the
 * request would take an AsyncLocalStorage, whose async hooks cost every request 6–8 % of its work on Node 20
 * (decision 063). An error inside a request's own promise chain is Fastify's, logged with its request.
 */
export function installProcessGuards({
  log,
  close,
  closeTimeoutMs = 5_000,
  exit = (code) => process.exit(code),
}: ProcessGuardOptions): () => void {
  let exiting = false;
  const onRejection = (reason: unknown) => {
    log.error({ err: reason }, "unhandled promise rejection; still serving");
  };
  const onException = (error: Error) => {
    log.fatal({ err: error }, "uncaught exception; closing and exiting");
    if (exiting) return;
    exiting = true;
    setTimeout(() => exit(1), closeTimeoutMs).unref();
    close().then(
      () => exit(1),
      (closeError: unknown) => {
        log.error({ err: closeError }, "close after an uncaught exception failed");
        exit(1);
      },
    );
  };
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}
