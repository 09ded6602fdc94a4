import PgBoss from "pg-boss";
import type { SqlExecutor } from "../db/client.ts";
import { createQueues, failedJobName, listJobs, namesWithDueJobs, queuedJobs, SCHEMA } from "./job-queue-tables.ts";

/** How a job of one name is retried, and how long one run may take before it counts as failed. */
export interface JobOptions {
  /** Further attempts after a failure (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); doubled on each further one unless `backoff` is false. */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /** A run still going after this long is failed (and retried), as after a crash (default 15 minutes). */
  expireInSeconds?: number;
}

export interface JobRun {
  id: string;
  key: string;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler = (data: unknown, job: JobRun) => Promise<unknown>;

export interface ScheduleRequest {
  /** One record's job: scheduling the same name and key again moves it; `cancel` removes it. */
  key?: string;
  /** Not before this moment (default: at once). */
  runAt?: Date;
  /** Plain JSON the handler receives; keep it to ids, and read the record when the job runs. */
  data?: Record<string, unknown>;
}

export interface JobRecord {
  id: string;
  name: string;
  key: string | null;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  retryCount: number;
  retryLimit: number;
  runAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** A failed attempt's error message. */
  error: string | null;
}

/**
 * The durable job queue (decision 034): work at a time for one record, moved or cancelled by its key, retried
 * with backoff, run once across instances, on PGlite and PostgreSQL alike. Handlers are registered before
 * `start()`; `schedule`, `cancel`, `list` and `retry` work on an instance that never starts (the CLI, tests).
 */
export interface JobQueue {
  /** Handles `name`'s jobs on this instance once started. */
  define(name: string, handler: JobHandler, options?: JobOptions): void;
  /** Runs `run` about every `everyMs`, once per period across all instances; a failure waits for the next. */
  every(name: string, everyMs: number, run: () => Promise<unknown>): void;
  /** Queues `name` (replacing the queued job of the same key); returns the job's id. */
  schedule(name: string, request?: ScheduleRequest): Promise<string>;
  /** Removes the queued job of `name` and `key` (a running one finishes); false when there was none. */
  cancel(name: string, key: string): Promise<boolean>;
  /** Queued, running and failed jobs first, then those finished within `recentHours`. */
  list(options?: { limit?: number; recentHours?: number }): Promise<JobRecord[]>;
  /** Queues a failed job again at once; false when no failed job has that id. */
  retry(id: string): Promise<boolean>;
  /** Installs the queue's tables if needed, then works on every defined name. */
  start(): Promise<void>;
  /** Takes no new jobs and waits for running ones (failing them, to be retried, after `graceMs`). */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  sql: SqlExecutor;
  log: { error(obj: object, msg: string): void; debug(obj: object, msg: string): void };
  /**
   * How often the queue looks for due jobs: one statement for every name, which wakes the workers of the names
   * that have some (default 2 s). pg-boss's own per-name polling only backs it up, every WORKER_POLL_MS.
   */
  pollMs?: number;
  /** The first recurring run waits this long after start, so starting stays light. */
  firstRunDelayMs?: number;
  graceMs?: number;
  /** pg-boss's upkeep (expiring stuck runs, archiving old jobs); off for the CLI, which only looks. */
  supervise?: boolean;
}

const RECURRING_KEY = "every";

/**
 * Each pg-boss worker's own poll, a back-up to the queue's look for due jobs (decision 064). Polling per name
 * ran one fetch per name — 25 every poll, each planned again over every partition of pg-boss's job table on
 * PGlite's thread (about 1 ms warm, 10–130 ms cold or queued together) — where one prepared statement now says
 * which names have work.
 */
const WORKER_POLL_MS = 5 * 60_000;

/**
 * pg-boss's statements that run with every job — fetching one, queueing one (a recurring offer too), completing
 * one — begin so; their text is fixed (values are parameters), so each is prepared once under a name of its own
 * rather than planned again on every run: 7–9 ms each on PGlite, on the server's thread, over the job table's
 * partitions (issue 39). Anything else pg-boss sends is run as it comes.
 */
const HOT_STATEMENT = /^\s*(WITH next as|WITH results AS|INSERT INTO \S+\.job \()/;
/** At most this many hot texts are named, so a text that did vary could never prepare without end. */
const MAX_HOT_STATEMENTS = 16;
const hotStatementNames = new Map<string, string>();
function hotStatementName(text: string): string | undefined {
  const known = hotStatementNames.get(text);
  if (known || hotStatementNames.size >= MAX_HOT_STATEMENTS || !HOT_STATEMENT.test(text)) return known;
  const name = `pgboss_${hotStatementNames.size + 1}`;
  hotStatementNames.set(text, name);
  return name;
}

/** The queue on pg-boss, which runs its own SQL through our connection (`sql`), so PGlite works too. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { sql, log } = options;
  const pollMs = options.pollMs ?? 2_000;
  const handlers = new Map<string, { handler: JobHandler; queue: PgBoss.Queue }>();
  const recurring = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  let opened: Promise<PgBoss> | null = null;
  let started = false;
  let stopped = false;
  /** This instance's pg-boss worker per name, once started: a job due now wakes it (no wait for its poll). */
  const workers = new Map<string, string>();

  /**
   * pg-boss's statements and this instance's job runs under way. pg-boss's stop waits only for runs it already
   * counts: a worker whose fetch was in flight when the queue stopped still runs the job it fetched, after stop
   * resolved, and its statements met a closing database (issue 39: a SIGTERM exiting 1). `stop()` waits for
   * these too.
   */
  const underWay = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    underWay.add(work);
    const done = () => underWay.delete(work);
    work.then(done, done);
    return work;
  };
  /** Until nothing is under way, or `deadline`; a fetch that settles may start a run, so look again after it. */
  const settle = async (deadline: number) => {
    while (underWay.size > 0 && Date.now() < deadline) {
      const left = deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...underWay]),
        new Promise((resolve) => (timer = setTimeout(resolve, left))),
      ]);
      clearTimeout(timer);
      // pg-boss hands a fetched job to its handler (and a finished one to its completion) in microtasks.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const boss = new PgBoss({
    db: { executeSql: (text, values) => track(sql.executeSql(text, values, hotStatementName(text))) },
    schema: SCHEMA,
    supervise: options.supervise ?? true,
    // Cron schedules are minute-grained and checked on a clock of their own; `every` covers recurring work.
    schedule: false,
    // Failed jobs stay listed (`npm run admin -- jobs`) for a week; finished ones for a day.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
  });
  boss.on("error", (err: Error) => log.error({ err }, "job queue error"));

  /** Installs or migrates pg-boss's tables, and makes each defined name's queue. */
  const open = () =>
    (opened ??= (async () => {
      await boss.start();
      await createQueues(
        sql,
        [...handlers.values()].map(({ queue }) => queue),
      );
      for (const [name, { queue }] of handlers) await boss.updateQueue(name, queue);
      return boss;
    })());

  const ensureDefined = (name: string) => {
    if (!handlers.has(name)) throw new Error(`no job is defined as "${name}"`);
  };

  const define: JobQueue["define"] = (name, handler, jobOptions = {}) => {
    if (opened) throw new Error(`job "${name}" defined after the queue opened`);
    handlers.set(name, {
      handler,
      queue: {
        name,
        // One queued job per key (a partial unique index), so a key names one record's job.
        policy: "short",
        retryLimit: jobOptions.retryLimit ?? 5,
        retryDelay: jobOptions.retryDelaySeconds ?? 30,
        retryBackoff: jobOptions.backoff ?? true,
        expireInSeconds: jobOptions.expireInSeconds ?? 15 * 60,
      },
    });
  };

  const schedule: JobQueue["schedule"] = async (name, request = {}) => {
    ensureDefined(name);
    await open();
    const key = request.key ?? crypto.randomUUID();
    // Cancel and insert in one transaction, under a lock on the key: a crash never leaves the record without
    // its job, and two instances moving the same job at once leave one.
    const id = await sql.transaction(async (tx) => {
      await tx.executeSql("select pg_advisory_xact_lock(hashtext($1), hashtext($2))", [name, key]);
      const previous = await queuedJobs(tx, name, key);
      if (previous.length) await boss.cancel(name, previous, { db: tx });
      return boss.send(name, request.data ?? {}, { singletonKey: key, startAfter: request.runAt, db: tx });
    });
    if (!id) throw new Error(`job "${name}" with key "${key}" was not queued`);
    // Due now and this instance works on it: wake its worker rather than wait for the next look (`pollMs`) —
    // a guest's booking email goes in a moment. Other instances still find it at their own look.
    const worker = workers.get(name);
    if (worker && !stopped && (!request.runAt || request.runAt.getTime() <= Date.now())) boss.notifyWorker(worker);
    return id;
  };

  /** Wakes the workers whose names have a job due; one look at a time. */
  let looking = false;
  const lookForDueJobs = async () => {
    if (looking || stopped) return;
    looking = true;
    try {
      for (const name of await namesWithDueJobs(sql)) {
        const worker = workers.get(name);
        if (worker && !stopped) boss.notifyWorker(worker);
      }
    } catch (err) {
      log.error({ err }, "job queue error");
    } finally {
      looking = false;
    }
  };

  const cancel: JobQueue["cancel"] = async (name, key) => {
    ensureDefined(name);
    await open();
    const ids = await queuedJobs(sql, name, key);
    if (ids.length) await boss.cancel(name, ids);
    return ids.length > 0;
  };

  const every: JobQueue["every"] = (name, everyMs, run) => {
    // A failed period is not retried: the next one comes.
    // A run still going after twice its period (15 minutes at least, 4 hours at most) is failed as stuck.
    const expireInSeconds = Math.min(4 * 60 * 60, Math.max(15 * 60, (2 * everyMs) / 1000));
    define(name, () => run(), { retryLimit: 0, expireInSeconds });
    recurring.set(name, everyMs);
  };

  /**
   * Every instance offers one job per period (singletonSeconds: a unique index on the period's slot) and one
   * queued at most (the key), so the work runs once per period whichever instances are up. Offering twice a
   * period keeps a timer's drift from skipping one.
   */
  const offerRecurring = (name: string, everyMs: number) => {
    const offer = () => {
      if (stopped) return;
      boss
        .send(name, {}, { singletonKey: RECURRING_KEY, singletonSeconds: Math.max(1, Math.round(everyMs / 1000)) })
        .catch((err: unknown) => log.error({ err, job: name }, "recurring job not offered"));
    };
    timers.push(
      setTimeout(() => {
        offer();
        timers.push(setInterval(offer, everyMs / 2).unref());
      }, options.firstRunDelayMs ?? 5_000).unref(),
    );
  };

  return {
    define,
    every,
    schedule,
    cancel,
    async list({ limit = 50, recentHours = 24 } = {}) {
      await open();
      return listJobs(sql, limit, recentHours);
    },
    async retry(id) {
      await open();
      const name = await failedJobName(sql, id);
      if (!name) return false;
      await boss.retry(name, id);
      return true;
    },
    async start() {
      if (started) return;
      started = true;
      await open();
      for (const [name, { handler }] of handlers) {
        if (stopped) return;
        const worker = await boss.work(
          name,
          { pollingIntervalSeconds: Math.max(pollMs, WORKER_POLL_MS) / 1000, batchSize: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            const run = { id: job.id, key: job.singletonKey ?? "", retryCount: job.retryCount };
            try {
              const result = await track(handler(job.data, run));
              log.debug({ job: name, result }, "job finished");
              return result;
            } catch (err) {
              log.error({ err, job: name, id: job.id }, "job failed");
              throw err;
            }
          },
        );
        workers.set(name, worker);
      }
      if (stopped) return;
      timers.push(setInterval(() => void track(lookForDueJobs()), pollMs).unref());
      for (const [name, everyMs] of recurring) offerRecurring(name, everyMs);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      timers.forEach(clearTimeout);
      const graceMs = options.graceMs ?? 10_000;
      const deadline = Date.now() + graceMs;
      if (opened) await boss.stop({ graceful: true, wait: true, timeout: graceMs });
      await settle(deadline);
    },
  };
}
