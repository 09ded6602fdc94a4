import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, SqlExecutor } from "../db/client.ts";
import { openTestDatabase } from "../test/database.ts";
import type { AppContext } from "../app-context.ts";
import { createJobQueue, type JobQueue, type JobRun } from "./job-queue.ts";
import { namesWithDueJobs } from "./job-queue-tables.ts";
import { JOBS, registerJobs } from "./scheduler.ts";

/**
 * The queue on this run's database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Time is the database's:
 * jobs are due a fraction of a second ahead, the queue looks for due jobs every 500 ms (its workers' own poll
 * is minutes: what runs in time here was found by that one look, decision 064), and a retry's
 * backoff is checked on the record, then brought forward instead of waited for.
 */
const POLL_MS = 500;
const log = { error: vi.fn(), debug: vi.fn() };

let database: Database;
let queue: JobQueue;
const runs: { name: string; data: unknown; job: JobRun; at: number }[] = [];
let failures = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  queue = createJobQueue({ sql: database.sql, log, pollMs: POLL_MS, firstRunDelayMs: 0 });
  const record = (name: string) => async (data: unknown, job: JobRun) => {
    runs.push({ name, data, job, at: Date.now() });
  };
  queue.define("remind-guest", record("remind-guest"));
  queue.define("flaky", async (data, job) => {
    if (failures++ === 0) throw new Error("the mail server said no");
    runs.push({ name: "flaky", data, job, at: Date.now() });
  });
  queue.every("tick", 1_000, async () => {
    runs.push({ name: "tick", data: null, job: { id: "", key: "", retryCount: 0 }, at: Date.now() });
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await database.close();
});

const ran = (name: string, key?: string) => runs.filter((r) => r.name === name && (!key || r.job.key === key));
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 50 });

describe("job queue", () => {
  it("runs a job at its time, once", async () => {
    const runAt = new Date(Date.now() + 1_000);
    const id = await queue.schedule("remind-guest", { key: "stay-1", runAt, data: { stayId: "stay-1" } });
    await waitFor(() => expect(ran("remind-guest", "stay-1")).toHaveLength(1));
    const [run] = ran("remind-guest", "stay-1");
    // Not before its time, and soon after (a poll or two, on a busy machine).
    expect(run!.at).toBeGreaterThanOrEqual(runAt.getTime());
    expect(run!.at - runAt.getTime()).toBeLessThan(4_000);
    expect(run).toMatchObject({ data: { stayId: "stay-1" }, job: { id, key: "stay-1", retryCount: 0 } });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 2));
    expect(ran("remind-guest", "stay-1")).toHaveLength(1);
    expect((await queue.list()).find((job) => job.id === id)).toMatchObject({ state: "completed", key: "stay-1" });
  });

  it("finds in one statement the names whose jobs are due, and only those", async () => {
    // Names no started worker takes, queued on a queue that never starts (as the CLI does).
    const idle = createJobQueue({ sql: database.sql, log });
    idle.define("due-now", async () => {});
    idle.define("due-later", async () => {});
    await idle.schedule("due-now", { key: "a" });
    await idle.schedule("due-later", { key: "b", runAt: new Date(Date.now() + 60 * 60_000) });
    const due = await namesWithDueJobs(database.sql);
    expect(due).toContain("due-now");
    expect(due).not.toContain("due-later");
    await idle.cancel("due-now", "a");
    await idle.cancel("due-later", "b");
    expect(await namesWithDueJobs(database.sql)).not.toContain("due-now");
    await idle.stop();
  });

  it("wakes its own worker for a job due now, rather than waiting for the next poll", async () => {
    // A second queue on the same database that polls once a minute: only the wake-up can run it in time.
    const slow = createJobQueue({ sql: database.sql, log, pollMs: 60_000, firstRunDelayMs: 0 });
    const woke: string[] = [];
    slow.define("send-now", async (_data, job) => void woke.push(job.key));
    await slow.start();
    try {
      // pg-boss's first poll at start may find nothing; the job is queued after it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await slow.schedule("send-now", { key: "booking" });
      // Within waitFor's 5 s, against a 60 s poll.
      await waitFor(() => expect(woke).toHaveLength(1));
    } finally {
      await slow.stop();
    }
  });

  it("moves a job scheduled again with its key, and cancels one by its key", async () => {
    const first = await queue.schedule("remind-guest", { key: "stay-2", runAt: new Date(Date.now() + 3_600_000) });
    const moved = await queue.schedule("remind-guest", {
      key: "stay-2",
      runAt: new Date(Date.now() + 300),
      data: { version: 2 },
    });
    await queue.schedule("remind-guest", { key: "stay-3", runAt: new Date(Date.now() + 300) });
    expect(await queue.cancel("remind-guest", "stay-3")).toBe(true);
    expect(await queue.cancel("remind-guest", "stay-3")).toBe(false);
    // A job due after the cancelled one: once it has run, the cancelled one would have too.
    await queue.schedule("remind-guest", { key: "stay-4", runAt: new Date(Date.now() + 600) });
    await waitFor(() => expect(ran("remind-guest", "stay-4")).toHaveLength(1));
    expect(ran("remind-guest", "stay-2")).toEqual([expect.objectContaining({ data: { version: 2 } })]);
    expect(ran("remind-guest", "stay-2")[0]!.job.id).toBe(moved);
    expect(ran("remind-guest", "stay-3")).toHaveLength(0);
    const jobs = await queue.list();
    expect(jobs.find((job) => job.id === first)).toMatchObject({ state: "cancelled" });
  });

  it("retries a failed job after a backoff", async () => {
    const id = await queue.schedule("flaky", { key: "order-1" });
    await waitFor(async () => expect((await queue.list()).find((job) => job.id === id)?.state).toBe("retry"));
    const retry = (await queue.list()).find((job) => job.id === id)!;
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: "flaky", id }), "job failed");
    // The first retry waits 30–60 s (30 s doubled, with jitter); the next would wait twice that.
    expect(retry.runAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    expect(retry.runAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(retry.error).toBe("the mail server said no");
    await database.sql.executeSql("update pgboss.job set start_after = now() where id = $1", [id]);
    await waitFor(() => expect(ran("flaky")).toHaveLength(1));
    expect(ran("flaky")[0]!.job).toMatchObject({ id, retryCount: 1 });
  });

  it("runs a recurring job once per period", async () => {
    await waitFor(() => expect(ran("tick").length).toBeGreaterThanOrEqual(3));
    // Offered twice a period, queued once: one job per one-second slot.
    const { rows } = await database.sql.executeSql(
      "select singleton_on, count(*)::int as jobs from pgboss.job where name = 'tick' group by singleton_on",
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.jobs === 1)).toBe(true);
  });

  it("stops gracefully: waits for a running job, then takes no more", async () => {
    // A second queue on the same database, working a name of its own.
    const other = createJobQueue({ sql: database.sql, log, pollMs: POLL_MS });
    let release = () => {};
    let started = 0;
    other.define("slow", () => new Promise<void>((resolve) => (started++, (release = resolve))));
    await other.start();
    await other.schedule("slow", { key: "a" });
    await waitFor(() => expect(started).toBe(1));
    let stopped = false;
    const stopping = other.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await other.list()).find((job) => job.key === "a")).toMatchObject({ state: "completed" });
    await other.schedule("slow", { key: "b" });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 2));
    expect(started).toBe(1);
    expect((await other.list()).find((job) => job.key === "b")).toMatchObject({ state: "created" });
  });

  it("waits for a job its worker was fetching when the queue stopped (pg-boss counts only runs it has started)", async () => {
    // The worker's fetch is held until the queue is stopping, then answers with the job.
    let fetching = () => {};
    const fetchStarted = new Promise<void>((resolve) => (fetching = resolve));
    let answer = () => {};
    let holding = false;
    const sql: SqlExecutor = {
      transaction: (run) => database.sql.transaction(run),
      executeSql: async (text, values, name) => {
        if (holding && text.includes("SKIP LOCKED") && values?.[0] === "caught") {
          holding = false;
          fetching();
          await new Promise<void>((resolve) => (answer = resolve));
        }
        return database.sql.executeSql(text, values, name);
      },
    };
    const other = createJobQueue({ sql, log, pollMs: 60_000, firstRunDelayMs: 0 });
    const events: string[] = [];
    let finish = () => {};
    other.define("caught", async () => {
      events.push("run started");
      await new Promise<void>((resolve) => (finish = resolve));
      // Its own statement, as a real job's, on a database that must still be open.
      await sql.executeSql("select 1");
      events.push("run finished");
    });
    await other.start();
    holding = true;
    await other.schedule("caught", { key: "mid-fetch" });
    await fetchStarted;
    const stopping = other.stop().then(() => events.push("stopped"));
    // Time for pg-boss's own stop to finish, which it does at once with no run it counts: before the fix the
    // queue's stop resolved here, and the run came after it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer();
    await vi.waitFor(() => expect(events).toContain("run started"));
    expect(events).not.toContain("stopped");
    finish();
    await stopping;
    expect(events).toEqual(["run started", "run finished", "stopped"]);
    expect((await queue.list()).find((job) => job.key === "mid-fetch")).toMatchObject({ state: "completed" });
  });

  it("starts with the app's recurring jobs, each a queue of its own", async () => {
    const app = createJobQueue({ sql: database.sql, log, pollMs: POLL_MS, firstRunDelayMs: 60_000 });
    registerJobs({ jobs: app } as unknown as AppContext);
    await app.start();
    await app.stop();
    const { rows } = await database.sql.executeSql("select name, retry_limit from pgboss.queue");
    for (const job of JOBS) expect(rows).toContainEqual({ name: job.name, retry_limit: 0 });
  });
});
