import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminAuditLog } from "../db/schema/audit.ts";
import { createJobQueue, type JobQueue } from "../jobs/job-queue.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { runJobsCommand } from "./admin-jobs.ts";

let t: TestApp;
let worker: JobQueue;
let cli: JobQueue;
let attempts = 0;
beforeAll(async () => {
  t = await createTestApp();
  const log = { error: vi.fn(), debug: vi.fn() };
  // The server's queue works the jobs; the CLI's, on the same database, only looks and retries.
  worker = createJobQueue({ sql: t.database.sql, log, pollMs: 500 });
  worker.define(
    "poll-feed",
    async () => {
      if (++attempts === 1) throw new Error("feed answered 503");
    },
    { retryLimit: 0 },
  );
  await worker.start();
  cli = createJobQueue({ sql: t.database.sql, log, supervise: false });
});
afterAll(async () => {
  await worker.stop();
  await cli.stop();
  await t.close();
});

const run = (...args: string[]) => runJobsCommand(cli, t.ctx.db, args, "ops@doorstep");

describe("operator CLI: jobs", () => {
  it("lists queued and failed jobs, and retries a failed one", async () => {
    const later = new Date(Date.now() + 3_600_000);
    await worker.schedule("poll-feed", { key: "feed-2", runAt: later });
    const id = await worker.schedule("poll-feed", { key: "feed-1" });
    await vi.waitFor(async () => expect((await cli.list()).find((job) => job.id === id)?.state).toBe("failed"), {
      timeout: 5_000,
    });
    const lines = await run();
    expect(lines[0]).toBe("1 queued, 0 running, 1 failed, 0 finished in the last 24 hours (newest 100 listed)");
    // Failed before queued; each line names the job, its key, its time and attempt, its id and its error.
    expect(lines[1]).toMatch(
      new RegExp(`^failed {5}poll-feed  feed-1  ended \\S+Z  attempt 1 of 1  ${id}  "feed answered 503"$`),
    );
    expect(lines[2]).toMatch(new RegExp(`^queued {5}poll-feed  feed-2  due ${later.toISOString()}  attempt 1 of 1 `));

    expect(await run("retry", id)).toEqual([`Job ${id} queued again.`]);
    await vi.waitFor(async () => expect((await cli.list()).find((job) => job.id === id)?.state).toBe("completed"), {
      timeout: 5_000,
    });
    expect(attempts).toBe(2);
    expect((await run())[0]).toBe("1 queued, 0 running, 0 failed, 1 finished in the last 24 hours (newest 100 listed)");
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "jobs-retry"));
    expect(audit).toEqual([expect.objectContaining({ actor: "ops@doorstep", target: id })]);
  });

  it("refuses to retry what is not a failed job", async () => {
    await expect(run("retry")).rejects.toThrow("jobs retry needs a job id (npm run admin -- jobs lists them)");
    await expect(run("retry", "not-an-id")).rejects.toThrow("no failed job with id not-an-id");
    const done = (await cli.list()).find((job) => job.state === "completed")!;
    await expect(run("retry", done.id)).rejects.toThrow(`no failed job with id ${done.id}`);
    await expect(run("rerun")).rejects.toThrow("unknown jobs command rerun: jobs, or jobs retry <id>");
  });
});
