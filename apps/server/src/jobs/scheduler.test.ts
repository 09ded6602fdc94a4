import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "../app-context.ts";
import type { JobQueue } from "./job-queue.ts";
import { JOBS, registerJobs } from "./scheduler.ts";

describe("recurring jobs", () => {
  it("puts each job on the queue at its cadence, running the job's function with the app's context", async () => {
    const every = vi.fn<JobQueue["every"]>();
    const ctx = { jobs: { every } } as unknown as AppContext;
    const run = vi.fn(async () => 3);
    registerJobs(ctx, [{ name: "tidy", everyMs: 90_000, run }]);
    expect(every).toHaveBeenCalledWith("tidy", 90_000, expect.any(Function));
    await expect(every.mock.calls[0]![2]()).resolves.toBe(3);
    expect(run).toHaveBeenCalledWith(ctx);
  });

  it("keeps the recurring jobs and their cadences", () => {
    expect(Object.fromEntries(JOBS.map((job) => [job.name, job.everyMs / 1000]))).toEqual({
      "purge-dead-sessions-and-links": 3600,
      "purge-archived-properties": 600,
      "billing-local-renewals": 300,
      "billing-trial-notices": 900,
      "billing-quantity-reconcile": 3600,
      "purge-expired-visit-records": 21600,
      "resume-property-copies": 60,
      "send-message-notifications": 30,
      "referral-rewards": 3600,
      "affiliate-commissions": 3600,
      "purge-api-idempotency": 3600,
      "stay-retention": 86400,
      "property-time-zones": 3600,
      "stay-feed-poll": 60,
      "send-scheduled-messages": 30,
      "database-maintenance": 1800,
      "activity-retention": 86400,
      "account-erasure": 3600,
    });
  });
});
