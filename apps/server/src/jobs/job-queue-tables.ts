import type PgBoss from "pg-boss";
import type { SqlExecutor } from "../db/client.ts";
import type { JobRecord } from "./job-queue.ts";

/** pg-boss's tables (decision 034): what its API does not offer, read and written by our own statements. */
export const SCHEMA = "pgboss";

type Sql = Pick<SqlExecutor, "executeSql">;

const STATE_ORDER = `case state when 'active' then 0 when 'failed' then 1 when 'retry' then 2 when 'created' then 3 else 4 end`;

/** The ids of `name`'s jobs under `key` that wait to run (queued, or waiting for a retry). */
export async function queuedJobs(sql: Sql, name: string, key: string): Promise<string[]> {
  const { rows } = await sql.executeSql(
    `select id from ${SCHEMA}.job where name = $1 and singleton_key = $2 and state in ('created', 'retry')`,
    [name, key],
  );
  return rows.map((row) => String(row.id));
}

/**
 * The names that have a job due now (queued or waiting for a retry, its time come): one statement for every
 * queue, prepared once, where pg-boss's workers would each run their own fetch (decision 064).
 */
export async function namesWithDueJobs(sql: Sql): Promise<string[]> {
  const { rows } = await sql.executeSql(
    `select distinct name from ${SCHEMA}.job where state in ('created', 'retry') and start_after < now()`,
    [],
    "doorstep_jobs_due",
  );
  return rows.map((row) => String(row.name));
}

/** The name of the failed job `id`, or null when no failed job has that id. */
export async function failedJobName(sql: Sql, id: string): Promise<string | null> {
  const { rows } = await sql.executeSql(`select name from ${SCHEMA}.job where id = $1 and state = 'failed'`, [id]);
  return rows[0] ? String(rows[0].name) : null;
}

/** Jobs waiting, running or failed, then those finished within `recentHours`, newest first. */
export async function listJobs(sql: Sql, limit: number, recentHours: number): Promise<JobRecord[]> {
  const { rows } = await sql.executeSql(
    `select id, name, singleton_key, state, retry_count, retry_limit, start_after, started_on, completed_on, output
     from ${SCHEMA}.job
     where state in ('created', 'retry', 'active', 'failed') or completed_on > now() - make_interval(hours => $1::int)
     order by ${STATE_ORDER}, coalesce(completed_on, start_after) desc
     limit $2`,
    [recentHours, limit],
  );
  return rows.map(toRecord);
}

/**
 * Makes the queues that do not exist yet, one instance at a time: pg-boss's own createQueue attaches a
 * partition per queue outside any lock, and two instances starting together deadlock on it (PostgreSQL).
 */
export async function createQueues(sql: SqlExecutor, queues: PgBoss.Queue[]): Promise<void> {
  const existing = async (db: Pick<SqlExecutor, "executeSql">) => {
    const { rows } = await db.executeSql(`select name from ${SCHEMA}.queue`);
    const names = new Set(rows.map((row) => String(row.name)));
    return queues.filter((queue) => !names.has(queue.name));
  };
  if ((await existing(sql)).length === 0) return;
  await sql.transaction(async (tx) => {
    await tx.executeSql("select pg_advisory_xact_lock(hashtext($1))", [`${SCHEMA}.create_queue`]);
    for (const queue of await existing(tx)) {
      await tx.executeSql(`select ${SCHEMA}.create_queue($1, $2)`, [queue.name, JSON.stringify(queue)]);
    }
  });
}

function toRecord(row: Record<string, unknown>): JobRecord {
  const date = (value: unknown) => (value == null ? null : new Date(value as string));
  const output = row.output as { message?: unknown } | null;
  return {
    id: String(row.id),
    name: String(row.name),
    key: (row.singleton_key as string | null) ?? null,
    state: row.state as JobRecord["state"],
    retryCount: Number(row.retry_count),
    retryLimit: Number(row.retry_limit),
    runAt: date(row.start_after)!,
    startedAt: date(row.started_on),
    completedAt: date(row.completed_on),
    error: row.state === "completed" || typeof output?.message !== "string" ? null : output.message,
  };
}
