import type { AppContext } from "../app-context.ts";
import { BILLED_QUANTITY_JOB, reconcileBilledQuantity } from "../features/billing/billed-quantity.service.ts";
import { ACCOUNT_EXPORT_JOB, buildAccountExport } from "../features/account-data/account-data.service.ts";

/**
 * The jobs for one record, which features queue with `ctx.jobs.schedule` keyed by the record (decision 034); a
 * handler that throws is retried with backoff.
 */
export function registerRecordJobs(ctx: AppContext): void {
  // The key is the account. Eight retries from 30 s, doubling: about two hours; the hourly reconcile then
  // queues it again while the account is still out of line.
  ctx.jobs.define(BILLED_QUANTITY_JOB, (_data, job) => reconcileBilledQuantity(ctx, job.key), { retryLimit: 8 });
  // "Download my data" (IMPL-33): the account's archive, built once per request; the key is the account.
  ctx.jobs.define(
    ACCOUNT_EXPORT_JOB,
    (data, job) => buildAccountExport(ctx, job.key, (data as { userId: string }).userId),
    { retryLimit: 3 },
  );
}
