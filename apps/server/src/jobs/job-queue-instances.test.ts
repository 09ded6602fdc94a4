import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openPostgres, type Database } from "../db/client.ts";
import { openTestDatabase } from "../test/database.ts";
import { createJobQueue, type JobQueue, type JobRun } from "./job-queue.ts";

/**
 * Scaled mode (docs/architecture.md §1): two instances, each with its own pool and queue, on one PostgreSQL
 * database. A job runs once, on one of them, whichever scheduled it. PGlite admits one process per data
 * directory, so there one instance is all there can be (decision 034).
 */
describe.runIf(process.env.TEST_DATABASE_URL)("job queue on two instances sharing one PostgreSQL", () => {
  const POLL_MS = 500;
  const log = { error: vi.fn(), debug: vi.fn() };
  const runs: { instance: string; data: unknown; job: JobRun; at: number }[] = [];
  let failed = false;
  let first: Database;
  let second: Database;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    first = await openTestDatabase();
    const { rows } = await first.sql.executeSql("select current_database() as name");
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${String(rows[0]!.name)}`;
    second = openPostgres(url.toString(), { onConnectionError: () => {} });
    for (const [instance, database] of [
      ["a", first],
      ["b", second],
    ] as const) {
      const queue = createJobQueue({ sql: database.sql, log, pollMs: POLL_MS, firstRunDelayMs: 0 });
      queue.define("remind-guest", async (data, job) => {
        runs.push({ instance, data, job, at: Date.now() });
      });
      queue.define("decline-order", async (data, job) => {
        // The first attempt fails on whichever instance takes it.
        if (!failed) {
          failed = true;
          throw new Error("the payment provider timed out");
        }
        runs.push({ instance, data, job, at: Date.now() });
      });
      queue.every("tick", 1_000, async () => {
        runs.push({ instance, data: "tick", job: { id: "", key: "", retryCount: 0 }, at: Date.now() });
      });
      queues.push(queue);
    }
    await Promise.all(queues.map((queue) => queue.start()));
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await second.close();
    await first.close();
  });

  const [a, b] = [() => queues[0]!, () => queues[1]!];
  const ranKey = (key: string) => runs.filter((run) => run.job.key === key);
  const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 8_000, interval: 50 });

  it("runs each job once at its time, moved by either instance", async () => {
    const runAt = new Date(Date.now() + 800);
    const keys = Array.from({ length: 12 }, (_, i) => `stay-${i}`);
    await Promise.all(keys.map((key, i) => (i % 2 ? a() : b()).schedule("remind-guest", { key, runAt })));
    // Instance a queues stay-moved an hour ahead; instance b moves it to the same moment as the rest.
    await a().schedule("remind-guest", { key: "stay-moved", runAt: new Date(Date.now() + 3_600_000) });
    await b().schedule("remind-guest", { key: "stay-moved", runAt, data: { moved: true } });
    await waitFor(() => expect(runs.filter((run) => run.job.key.startsWith("stay-"))).toHaveLength(13));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 2));
    for (const key of [...keys, "stay-moved"]) {
      expect(ranKey(key)).toHaveLength(1);
      expect(ranKey(key)[0]!.at).toBeGreaterThanOrEqual(runAt.getTime());
    }
    expect(ranKey("stay-moved")[0]!.data).toEqual({ moved: true });
    // Both instances worked (each took at least one of the thirteen).
    expect(new Set(runs.filter((run) => run.job.key.startsWith("stay-")).map((run) => run.instance)).size).toBe(2);
  });

  it("moves one record's job when both instances schedule it at once, leaving one", async () => {
    const later = new Date(Date.now() + 3_600_000);
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a() : b()).schedule("remind-guest", { key: "order-race", runAt: later, data: { i } }),
      ),
    );
    const { rows } = await first.sql.executeSql(
      "select id, state from pgboss.job where singleton_key = 'order-race' order by created_on",
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    expect(rows.filter((row) => row.state === "created")).toHaveLength(1);
    expect(rows.filter((row) => row.state === "cancelled")).toHaveLength(5);
    // Moved to now, it runs once.
    await a().schedule("remind-guest", { key: "order-race", data: { moved: true } });
    await waitFor(() => expect(ranKey("order-race")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 2));
    expect(ranKey("order-race")).toEqual([expect.objectContaining({ data: { moved: true } })]);
  });

  it("retries a failed job once, on either instance", async () => {
    const id = await a().schedule("decline-order", { key: "order-1" });
    await waitFor(async () => expect((await b().list()).find((job) => job.id === id)?.state).toBe("retry"));
    await first.sql.executeSql("update pgboss.job set start_after = now() where id = $1", [id]);
    await waitFor(() => expect(ranKey("order-1")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 2));
    expect(ranKey("order-1")).toEqual([expect.objectContaining({ job: expect.objectContaining({ retryCount: 1 }) })]);
  });

  it("runs a recurring job once per period though both instances offer it", async () => {
    await waitFor(() => expect(runs.filter((run) => run.data === "tick").length).toBeGreaterThanOrEqual(3));
    const { rows } = await first.sql.executeSql(
      "select singleton_on, count(*)::int as jobs from pgboss.job where name = 'tick' group by singleton_on",
    );
    expect(rows.every((row) => row.jobs === 1)).toBe(true);
    // No slot ran twice: at most one run per job (the newest may still be queued).
    expect(runs.filter((run) => run.data === "tick").length).toBeLessThanOrEqual(rows.length);
  });
});
