import type { AppContext } from "../app-context.ts";
import { purgeDeadAuthRecords } from "../features/auth/session.service.ts";
import { runTrialNotices } from "../features/billing/billing-events.service.ts";
import { reconcileBilledQuantities } from "../features/billing/billed-quantity.service.ts";
import { runLocalRenewals } from "../commands/billing-events.ts";
import { purgeArchivedProperties } from "../commands/purge-archived-properties.ts";
import { resumeStalePropertyCopies } from "../commands/duplicate-property.ts";
import { sendMessageNotifications } from "../features/messaging/message-notifications.service.ts";
import { purgeExpiredVisitRecords } from "../features/visits/analytics.service.ts";
import { runReferralRewards } from "../features/referrals/referral-rewards.service.ts";
import { runAffiliateCommissions } from "../features/affiliates/affiliate-commissions.service.ts";
import { purgeIdempotencyRecords } from "../features/api-keys/api-key-idempotency.service.ts";
import { eraseExpiredStayContacts } from "../features/stays/stay-retention.service.ts";
import { fillPropertyZonesFromPins } from "../commands/update-property.ts";
import { pollDueFeeds } from "../features/stay-feeds/stay-feed-sync.service.ts";
import { sendDueScheduledMessages } from "../commands/send-scheduled-messages.ts";
import { purgeOldActivity } from "../features/audit/audit.service.ts";
import { eraseDeletedAccounts } from "../commands/delete-account.ts";

export interface Job {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<unknown>;
}

/**
 * The recurring jobs. The queue runs each once per period on one instance, and each still claims its rows with
 * FOR UPDATE SKIP LOCKED, so a slow run overlapping the next period's on another instance does the work once.
 */
export const JOBS: Job[] = [
  { name: "purge-dead-sessions-and-links", everyMs: 60 * 60_000, run: (ctx) => purgeDeadAuthRecords(ctx) },
  { name: "purge-archived-properties", everyMs: 10 * 60_000, run: (ctx) => purgeArchivedProperties(ctx) },
  // Billing: local-gateway renewals and retries; trial reminders and expiry (IMPL-12).
  { name: "billing-local-renewals", everyMs: 5 * 60_000, run: (ctx) => runLocalRenewals(ctx) },
  { name: "billing-trial-notices", everyMs: 15 * 60_000, run: (ctx) => runTrialNotices(ctx) },
  // Billed quantities a failed sync left out of line, whose retry could not be queued either (IMPL-15).
  { name: "billing-quantity-reconcile", everyMs: 60 * 60_000, run: (ctx) => reconcileBilledQuantities(ctx) },
  // Guide analytics: raw visit and section records past their retention (the daily counts stay).
  { name: "purge-expired-visit-records", everyMs: 6 * 60 * 60_000, run: (ctx) => purgeExpiredVisitRecords(ctx) },
  // Duplicated guides whose server stopped mid-copy are taken up again.
  { name: "resume-property-copies", everyMs: 60_000, run: (ctx) => resumeStalePropertyCopies(ctx) },
  // Guest messaging emails: new conversations and the host's replies at once, unread messages batched.
  { name: "send-message-notifications", everyMs: 30_000, run: (ctx) => sendMessageNotifications(ctx) },
  // Referral rewards (IMPL-17): confirmed after 35 paid days, instalments released, unclaimed ones expired.
  { name: "referral-rewards", everyMs: 60 * 60_000, run: (ctx) => runReferralRewards(ctx) },
  { name: "affiliate-commissions", everyMs: 60 * 60_000, run: (ctx) => runAffiliateCommissions(ctx) },
  // API keys' Idempotency-Key records past their 24 hours (decision 039).
  { name: "purge-api-idempotency", everyMs: 60 * 60_000, run: (ctx) => purgeIdempotencyRecords(ctx) },
  // Stays: guests' contact details erased STAY_RETENTION_DAYS after check-out (their dates and counts stay).
  { name: "stay-retention", everyMs: 24 * 60 * 60_000, run: (ctx) => eraseExpiredStayContacts(ctx) },
  // Properties from before time zones that have a pin take the zone at it (decision 040).
  { name: "property-time-zones", everyMs: 60 * 60_000, run: (ctx) => fillPropertyZonesFromPins(ctx) },
  // Calendar feeds: each minute the feeds whose next poll has come (every STAY_FEED_POLL_MINUTES each, decision 041).
  { name: "stay-feed-poll", everyMs: 60_000, run: (ctx) => pollDueFeeds(ctx) },
  // Scheduled guest messages whose time has come (decision 050); a booking's queues an immediate run too.
  { name: "send-scheduled-messages", everyMs: 30_000, run: (ctx) => sendDueScheduledMessages(ctx) },
  // PGlite has no autovacuum: its statistics and dead rows are seen to here (decision 048); PostgreSQL skips it.
  { name: "database-maintenance", everyMs: 30 * 60_000, run: (ctx) => ctx.maintenance.run() },
  // The activity log keeps 400 days (decision 058).
  { name: "activity-retention", everyMs: 24 * 60 * 60_000, run: (ctx) => purgeOldActivity(ctx) },
  // Deleted accounts are erased 30 days after (IMPL-33); until then `restore-account` undoes it.
  { name: "account-erasure", everyMs: 60 * 60_000, run: (ctx) => eraseDeletedAccounts(ctx) },
];

/**
 * Puts the recurring jobs on the durable queue (decision 034): each runs once per period across all instances,
 * a failure is logged and waits for the next period, and the queue's stop waits for running ones.
 */
export function registerJobs(ctx: AppContext, jobs: Job[] = JOBS): void {
  for (const job of jobs) ctx.jobs.every(job.name, job.everyMs, () => job.run(ctx));
}
