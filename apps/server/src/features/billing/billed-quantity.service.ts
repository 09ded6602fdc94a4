import { LIVE_STATUSES, type SubscriptionStatus } from "@doorstep/shared/rules/billing";
import type { AppContext } from "../../app-context.ts";
import { billedQuantityFor, planAmounts } from "./billing-plans.service.ts";
import {
  findBillingAccount,
  findLiveSubscriptions,
  findPlanByKey,
  upsertBillingAccount,
} from "./billing.repository.ts";
import { recordAlert } from "./billing.service.ts";
import { findMasterUser } from "../users/user.service.ts";

/**
 * The job that brings one account's billed quantity in line with its properties, keyed by the account: a
 * property committed while the provider or the database failed under the sync after it (decision 038). Retried
 * with backoff while it fails; the hourly reconcile queues it again for any account still out of line.
 */
export const BILLED_QUANTITY_JOB = "billed-quantity";

/** How long after a failed sync its job first runs: a fault that failed it has usually passed by then. */
const RETRY_AFTER_MS = 30_000;

/**
 * IMPL-15, OPEN-06: sends the provider the quantity the account's properties make, when it differs from the
 * one billed. Throws when the provider or the database fails; true when it changed the quantity.
 */
export async function reconcileBilledQuantity(ctx: AppContext, accountId: string): Promise<boolean> {
  const billing = await findBillingAccount(ctx.db, accountId);
  if (!billing?.subscriptionRef || !billing.planKey || !LIVE_STATUSES.has(billing.status as SubscriptionStatus))
    return false;
  if (billing.gateway !== ctx.payments.kind) return false;
  const quantity = await billedQuantityFor(ctx, accountId);
  if (quantity === billing.quantity) return false;
  const plan = await findPlanByKey(ctx.db, billing.planKey);
  if (!plan) return false;
  const { amount, renewalAmount } = planAmounts(plan, quantity);
  await ctx.payments.updateQuantity(billing.subscriptionRef, {
    quantity,
    amount,
    renewalAmount,
    providerPriceRef: plan.providerPriceRef,
    currency: plan.currency,
    cycle: plan.cycle,
    planKey: plan.key,
  });
  await upsertBillingAccount(ctx.db, accountId, billing.gateway, { quantity, amount });
  return true;
}

/**
 * IMPL-15, OPEN-06: the billed quantity follows property creation and deletion. Never fails the caller: a
 * failure is logged, reported to support, and retried by the account's job.
 */
export async function syncBilledQuantity(ctx: AppContext, accountId: string): Promise<void> {
  try {
    await reconcileBilledQuantity(ctx, accountId);
  } catch (error) {
    ctx.log.error({ err: error, accountId }, "billed quantity sync failed");
    const runAt = new Date(ctx.now().getTime() + RETRY_AFTER_MS);
    // When the database is what failed, this fails too, and the hourly reconcile finds the account instead.
    await ctx.jobs
      .schedule(BILLED_QUANTITY_JOB, { key: accountId, runAt })
      .catch((queueError: unknown) =>
        ctx.log.warn({ err: queueError, accountId }, "billed quantity retry not queued; the hourly reconcile will"),
      );
    const user = await findMasterUser(ctx, accountId).catch(() => null);
    if (user)
      await recordAlert(
        ctx,
        { accountId, userId: user.id, email: user.email },
        "quantity-sync",
        error instanceof Error ? error.message : String(error),
        {},
      );
  }
}

/**
 * Job (hourly): queues the billed-quantity job of every live subscription on this gateway whose billed quantity
 * differs from what its properties make. Returns how many it queued; queuing one already queued moves it, so two
 * instances running this at once leave one job per account.
 */
export async function reconcileBilledQuantities(ctx: AppContext, batch = 200): Promise<number> {
  let queued = 0;
  let after: string | null = null;
  for (;;) {
    const page = await findLiveSubscriptions(ctx.db, ctx.payments.kind, [...LIVE_STATUSES], after, batch);
    for (const subscription of page) {
      if ((await billedQuantityFor(ctx, subscription.accountId)) === subscription.quantity) continue;
      await ctx.jobs.schedule(BILLED_QUANTITY_JOB, { key: subscription.accountId });
      queued++;
    }
    if (page.length < batch) return queued;
    after = page.at(-1)!.accountId;
  }
}
