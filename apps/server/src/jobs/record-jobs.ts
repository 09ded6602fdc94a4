import type { AppContext } from "../app-context.ts";
import {
  authoriseDeferredOrder,
  expireOrder,
  STORE_AUTHORISE_JOB,
  STORE_DEADLINE_JOB,
} from "../features/store/store-jobs.service.ts";
import { BILLED_QUANTITY_JOB, reconcileBilledQuantity } from "../features/billing/billed-quantity.service.ts";
import {
  PLAN_RULE_JOB,
  planRuleMessages,
  SEND_DUE_MESSAGES_JOB,
} from "../features/scheduled-messages/scheduled-messages.service.ts";
import { sendDueScheduledMessages } from "../commands/send-scheduled-messages.ts";
import {
  ACCOUNT_EXPORT_EXPIRY_JOB,
  ACCOUNT_EXPORT_JOB,
  buildAccountExport,
  deleteExpiredExport,
} from "../features/account-data/account-data.service.ts";

/**
 * The jobs for one record, which features queue with `ctx.jobs.schedule` keyed by the record (decision 034); a
 * handler that throws is retried with backoff.
 */
export function registerRecordJobs(ctx: AppContext): void {
  // The key is the account. Eight retries from 30 s, doubling: about two hours; the hourly reconcile then
  // queues it again while the account is still out of line.
  ctx.jobs.define(BILLED_QUANTITY_JOB, (_data, job) => reconcileBilledQuantity(ctx, job.key), { retryLimit: 8 });
  // The guest store (decision 053), keyed by the order: an unanswered request declined at its deadline, and a
  // saved card authorised 6 days before check-in. Both read the order when they run and act only if still due.
  ctx.jobs.define(STORE_DEADLINE_JOB, (_data, job) => expireOrder(ctx, job.key), { retryLimit: 8 });
  ctx.jobs.define(STORE_AUTHORISE_JOB, (_data, job) => authoriseDeferredOrder(ctx, job.key), { retryLimit: 8 });
  // Scheduled messages due at once (a booking's confirmation): one queued run at most (key "now"); not retried,
  // since the half-minute "send-scheduled-messages" sends whatever it left.
  ctx.jobs.define(SEND_DUE_MESSAGES_JOB, () => sendDueScheduledMessages(ctx), { retryLimit: 0 });
  // "Download my data" (IMPL-33): the account's archive, built once per request; the key is the account.
  ctx.jobs.define(
    ACCOUNT_EXPORT_JOB,
    (data, job) => buildAccountExport(ctx, job.key, (data as { userId: string }).userId),
    { retryLimit: 3 },
  );
  // The archive leaves storage when its 24-hour link expires; the key is its storage key.
  ctx.jobs.define(ACCOUNT_EXPORT_EXPIRY_JOB, (_data, job) => deleteExpiredExport(ctx, job.key), { retryLimit: 8 });
  // A saved rule's messages planned for its stays, keyed by the rule: resumes from the rule's recorded
  // progress, so a retry (or a run after a crash) goes on from the last page done.
  ctx.jobs.define(PLAN_RULE_JOB, (_data, job) => planRuleMessages(ctx, job.key), { retryLimit: 8 });
}
