import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/open.ts";
import { configFromEnv, parseEnv, startupWarnings } from "./env.ts";
import { settlePropertyCopies } from "./features/property-copies/property-copy.service.ts";
import { flushEngagement } from "./features/visits/engagement.service.ts";
import { flushVisits } from "./features/visits/visits.service.ts";
import { installProcessGuards } from "./lib/process-guards.ts";
import { featureNotes } from "./startup-notes.ts";

/**
 * Runs the server the way production does (main.ts): opens and migrates the database, listens, starts the jobs,
 * closes gracefully on SIGTERM and SIGINT, and guards the process against errors nothing caught. `extend`
 * adds to the app before it listens (the process tests' fault routes).
 */
export async function runServer(extend?: (app: FastifyInstance) => void): Promise<void> {
  const env = parseEnv();
  const config = configFromEnv(env);
  const database = await openDatabase(config);
  await database.migrate();
  const { app, ctx } = await buildApp({ config, database });
  // Hooks run in reverse: jobs stop, guide copies under way finish (or are taken up by another instance
  // later), waiting visits and section-analytics events are written, then the database closes.
  app.addHook("onClose", () => database.close());
  app.addHook("onClose", () => flushEngagement(ctx));
  app.addHook("onClose", () => flushVisits(ctx));
  app.addHook("onClose", () => settlePropertyCopies(ctx));
  app.addHook("onClose", () => ctx.jobs.stop());
  extend?.(app);

  // One close, whoever asks first: a signal, or the guard after an uncaught exception.
  let closing: Promise<void> | null = null;
  let closed = false;
  const close = () =>
    (closing ??= app.close().then(() => {
      closed = true;
    }));
  // Why a shutdown did not finish is written at once, not left to the log's buffer: a process that exits
  // mid-close (a timeout, an error, or nothing left to wait on) says so in its last line.
  process.on("exit", (code) => {
    if (closing && !closed) process.stderr.write(`Doorstep exited (code ${code}) before its shutdown finished\n`);
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // A hung request must not keep a deploy waiting for ever.
    setTimeout(() => {
      process.stderr.write("Doorstep's shutdown took more than 15 s; exiting\n");
      process.exit(1);
    }, 15_000).unref();
    try {
      await close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.stderr.write(`Doorstep's shutdown failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  installProcessGuards({ log: app.log, close });

  for (const warning of startupWarnings(env)) app.log.warn(`WARNING: ${warning}`);
  for (const note of featureNotes(env)) app.log.info(note);
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `Doorstep is running at ${config.publicUrl} (database: ${database.kind}, email: ${config.smtpUrl ? "smtp" : "outbox in the log"})`,
  );
  // After listening: the queue's first start installs its tables, which need not delay the first request.
  if (env.JOBS === "off") return;
  try {
    await ctx.jobs.start();
  } catch (error) {
    // A close that began meanwhile (a signal, an uncaught exception) owns the exit: a start it cut short, its
    // database closing under it, is not a failure to start.
    if (closing) return;
    throw error;
  }
  if (closing) return;
  // PGlite has no autovacuum: fresh planner statistics after the migrations (and the queue's tables), in the
  // background, one table at a time (decision 048).
  ctx.maintenance.run().catch((err: unknown) => app.log.error({ err }, "embedded database upkeep failed"));
}
