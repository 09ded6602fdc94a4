import type { Db } from "../db/client.ts";
import type { JobQueue, JobRecord } from "../jobs/job-queue.ts";
import { CommandError } from "./admin.commands.ts";
import { recordAdminAction } from "../features/audit/audit.service.ts";

const STATES: Record<JobRecord["state"], string> = {
  created: "queued",
  retry: "retrying",
  active: "running",
  failed: "failed",
  completed: "done",
  cancelled: "cancelled",
};

/**
 * `jobs`: the queue's queued, running and failed jobs, then those finished in the last day (decision 034).
 * `jobs retry <id>`: a failed job queued again at once, audited like every operator change.
 */
export async function runJobsCommand(queue: JobQueue, db: Db, args: string[], actor: string): Promise<string[]> {
  const [sub, id] = args;
  if (sub === "retry") {
    if (!id) throw new CommandError("jobs retry needs a job id (npm run admin -- jobs lists them)");
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await queue.retry(id))) throw new CommandError(`no failed job with id ${id}`);
    await recordAdminAction(db, { actor, action: "jobs-retry", target: id, details: {} });
    return [`Job ${id} queued again.`];
  }
  if (sub !== undefined) throw new CommandError(`unknown jobs command ${sub}: jobs, or jobs retry <id>`);
  const jobs = await queue.list({ limit: 100, recentHours: 24 });
  if (jobs.length === 0) return ["No jobs queued, running or failed, and none finished in the last 24 hours."];
  const count = (states: JobRecord["state"][]) => jobs.filter((job) => states.includes(job.state)).length;
  return [
    `${count(["created", "retry"])} queued, ${count(["active"])} running, ${count(["failed"])} failed, ` +
      `${count(["completed", "cancelled"])} finished in the last 24 hours (newest 100 listed)`,
    ...jobs.map(formatJob),
  ];
}

function formatJob(job: JobRecord): string {
  const when =
    job.state === "created" || job.state === "retry"
      ? `due ${job.runAt.toISOString()}`
      : job.state === "active"
        ? `started ${job.startedAt?.toISOString()}`
        : `ended ${job.completedAt?.toISOString()}`;
  const attempt = `attempt ${job.retryCount + 1} of ${job.retryLimit + 1}`;
  const error = job.error ? `  ${JSON.stringify(job.error)}` : "";
  return `${STATES[job.state].padEnd(9)}  ${job.name}  ${job.key ?? "-"}  ${when}  ${attempt}  ${job.id}${error}`;
}
