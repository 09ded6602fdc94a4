import type { AppContext } from "../app-context.ts";
import { purgeDeadAuthRecords } from "../features/auth/session.service.ts";
import { runTrialNotices } from "../features/billing/billing-events.service.ts";
import { runLocalRenewals } from "../commands/billing-events.ts";
import { purgeArchivedProperties } from "../features/properties/property-purge.service.ts";
import { resumeStalePropertyCopies } from "../features/property-copies/property-copy.service.ts";
import { sendMessageNotifications } from "../features/messaging/message-notifications.service.ts";
import { purgeExpiredVisitRecords } from "../features/visits/analytics.service.ts";
import { runReferralRewards } from "../features/referrals/referral-rewards.service.ts";
import { runAffiliateCommissions } from "../features/affiliates/affiliate-commissions.service.ts";

export interface Job {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<unknown>;
}

/** The jobs every instance runs; each claims its rows with FOR UPDATE SKIP LOCKED, so work is done once. */
export const JOBS: Job[] = [
  { name: "purge-dead-sessions-and-links", everyMs: 60 * 60_000, run: (ctx) => purgeDeadAuthRecords(ctx) },
  { name: "purge-archived-properties", everyMs: 10 * 60_000, run: (ctx) => purgeArchivedProperties(ctx) },
  // Billing: local-gateway renewals and retries; trial reminders and expiry (IMPL-12).
  { name: "billing-local-renewals", everyMs: 5 * 60_000, run: (ctx) => runLocalRenewals(ctx) },
  { name: "billing-trial-notices", everyMs: 15 * 60_000, run: (ctx) => runTrialNotices(ctx) },
  // Guide analytics: raw visit and section records past their retention (the daily counts stay).
  { name: "purge-expired-visit-records", everyMs: 6 * 60 * 60_000, run: (ctx) => purgeExpiredVisitRecords(ctx) },
  // Duplicated guides whose server stopped mid-copy are taken up again.
  { name: "resume-property-copies", everyMs: 60_000, run: (ctx) => resumeStalePropertyCopies(ctx) },
  // Guest messaging emails: new conversations and the host's replies at once, unread messages batched.
  { name: "send-message-notifications", everyMs: 30_000, run: (ctx) => sendMessageNotifications(ctx) },
  // Referral rewards (IMPL-17): confirmed after 35 paid days, instalments released, unclaimed ones expired.
  { name: "referral-rewards", everyMs: 60 * 60_000, run: (ctx) => runReferralRewards(ctx) },
  { name: "affiliate-commissions", everyMs: 60 * 60_000, run: (ctx) => runAffiliateCommissions(ctx) },
];

/**
 * A small in-process scheduler (docs/architecture.md §1): runs each job on its interval, one run at a time per
 * job, logging failures without stopping. Returns a stop function that waits for running jobs.
 */
export function startScheduler(ctx: AppContext, jobs: Job[] = JOBS): () => Promise<void> {
  const running = new Map<string, Promise<unknown>>();
  const timers = jobs.map((job) => {
    const tick = () => {
      if (running.has(job.name)) return;
      const run = job
        .run(ctx)
        .then((result) => ctx.log.debug({ job: job.name, result }, "job finished"))
        .catch((err: unknown) => ctx.log.error({ err, job: job.name }, "job failed"))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    };
    setTimeout(tick, 5_000).unref();
    return setInterval(tick, job.everyMs).unref();
  });
  return async () => {
    timers.forEach(clearInterval);
    await Promise.all(running.values());
  };
}
