import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/open.ts";
import { configFromEnv, parseEnv } from "../env.ts";
import { seedPlans } from "../features/billing/billing-admin.service.ts";
import { createPaymentGateway } from "../providers/payments/index.ts";
import { CommandError, runAdminCommand, USAGE } from "./admin.commands.ts";
import { backupEmbedded, restoreEmbedded } from "./backup.ts";
import { purgeGuideEverywhere } from "./purge-guide.ts";
import type { Database } from "../db/client.ts";
import { createJobQueue, type JobQueue } from "../jobs/job-queue.ts";
import { runJobsCommand } from "./admin-jobs.ts";

/**
 * `npm run admin -- <command>`: the operator CLI (IMPL-22 first slice) on the configured database.
 * With the embedded PGlite database the server must be stopped first (one process per data dir).
 */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === "--help" || argv[0] === "help") {
    console.log(USAGE);
    return;
  }
  const config = configFromEnv(parseEnv());
  // Backup and restore work on the data directory itself: neither migrates, restore opens nothing first.
  if (argv[0] === "backup" || argv[0] === "restore") {
    try {
      if (!argv[1]) throw new CommandError(`${argv[0]} needs a backup directory`);
      if (argv[0] === "restore") {
        if (config.databaseUrl)
          throw new CommandError("restore is for the embedded database; see docs/operations.md for PostgreSQL");
        for (const line of await restoreEmbedded(path.resolve(argv[1]), config.dataDir)) console.log(line);
        return;
      }
      const database = await openDatabase(config);
      try {
        for (const line of await backupEmbedded(database, config.dataDir, path.resolve(argv[1]))) console.log(line);
      } finally {
        await database.close();
      }
    } catch (error) {
      process.exitCode = 1;
      console.error(error instanceof CommandError ? error.message : error);
    }
    return;
  }
  const database = await openDatabase(config);
  const queue = argv[0] === "jobs" ? jobQueue(database) : null;
  try {
    await database.migrate();
    await seedPlans(database.db);
    const actor = process.env.ADMIN_ACTOR ?? process.env.USER ?? os.userInfo().username;
    const payments = createPaymentGateway(config.payments, { db: database.db, now: () => new Date() });
    const lines =
      queue !== null
        ? await runJobsCommand(queue, database.db, argv.slice(1), actor)
        : await runAdminCommand(database.db, argv, actor, payments);
    for (const line of lines) console.log(line);
    // A deactivated or reactivated guide leaves every running server's page cache at once (scaled mode: Redis
    // pub/sub; decision 059). A trial extended here is seen within the cache's safety net (5 minutes).
    if ((argv[0] === "deactivate-property" || argv[0] === "reactivate-property") && config.redisUrl)
      await purgeGuideEverywhere(config.redisUrl, argv[1]!);
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof CommandError ? error.message : error);
  } finally {
    await queue?.stop();
    await database.close();
  }
}

/** The queue as the CLI sees it: it lists and retries, and works no jobs itself. */
function jobQueue(database: Database): JobQueue {
  return createJobQueue({
    sql: database.sql,
    supervise: false,
    log: { error: (obj, msg) => console.error(msg, obj), debug: () => {} },
  });
}

void main();
