import {
  ENDED_STATUSES,
  FAILED_STATUSES,
  LIVE_STATUSES,
  dueTrialNotice,
  type SubscriptionStatus,
} from "@doorstep/shared/rules/billing";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { GatewayEvent } from "../../providers/payments/payment-gateway.ts";
import { paymentFailedEmail, trialNoticeEmail } from "./billing.emails.ts";
import { billedQuantityFor, planAmounts } from "./billing-plans.service.ts";
import {
  claimTrialNotice,
  findBillingAccount,
  findBillingAccountByCustomer,
  findBillingAccountBySubscription,
  findMasterUser,
  findPlanByKey,
  findTrialsDueNotice,
  forgetWebhookEvent,
  recordWebhookEvent,
  upsertBillingAccount,
} from "./billing.repository.ts";
import { applySnapshot, recordAlert } from "./billing.service.ts";
import { cancelReferredReward, recordReferredPayment } from "../referrals/referral-rewards.service.ts";
import {
  recordAffiliateCommissions,
  reverseAffiliateCommissions,
} from "../affiliates/affiliate-commissions.service.ts";

const HANDLED = new Set([
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.created",
  // Referrals (REF-16): a refunded payment cancels a reward still waiting for its 35 days.
  "charge.refunded",
]);

/**
 * Applies a provider event (IMPL-14). Events only say *that* something changed: the subscription is
 * re-read from the provider, so duplicates and any arrival order converge on the provider's state.
 */
export async function handleGatewayEvent(ctx: AppContext, event: GatewayEvent): Promise<void> {
  if (!HANDLED.has(event.type)) return;
  const billing =
    (event.subscriptionRef ? await findBillingAccountBySubscription(ctx.db, event.subscriptionRef) : null) ??
    (event.customerRef ? await findBillingAccountByCustomer(ctx.db, event.customerRef) : null);
  if (!billing?.subscriptionRef) return;
  if (event.subscriptionRef && event.subscriptionRef !== billing.subscriptionRef) return;
  let snapshot = await ctx.payments.getSubscription(billing.subscriptionRef);
  // BILL-13: the first paid period has started (its invoice exists), so the next one is at the renewal price.
  if (snapshot.renewalPending && (snapshot.status === "active" || snapshot.status === "past_due")) {
    snapshot = await ctx.payments.applyRenewalPrice(snapshot.ref);
  }
  await applySnapshot(ctx, billing.accountId, snapshot);
  // IMPL-14: referral accrual. A paid invoice of an active subscription (never a trial's $0 one) makes the
  // referred account's reward once; a refund or an ended subscription cancels it while it is pending.
  if (event.type === "invoice.paid" && snapshot.status === "active") {
    await recordReferredPayment(ctx, billing.accountId);
    // IMPL-19: an affiliate's customer's paid invoices earn commission, each once.
    if (billing.customerRef) await recordAffiliateCommissions(ctx, billing.accountId, billing.customerRef);
  }
  if (event.type === "charge.refunded") {
    await cancelReferredReward(ctx, billing.accountId, "refund");
    if (billing.customerRef)
      await reverseAffiliateCommissions(ctx, billing.accountId, billing.customerRef, event.invoiceRef ?? null);
  } else if (ENDED_STATUSES.has(snapshot.status))
    await cancelReferredReward(ctx, billing.accountId, "subscription-ended");
  if (event.type === "invoice.payment_failed" && FAILED_STATUSES.has(snapshot.status)) {
    const user = await findMasterUser(ctx.db, billing.accountId);
    if (user) {
      await ctx.email.send(paymentFailedEmail(user.email, user.firstName, `${ctx.config.publicUrl}/subscription`));
      await recordAlert(
        ctx,
        { accountId: billing.accountId, userId: user.id, email: user.email },
        "renewal-failed",
        "A renewal payment failed.",
        { subscription: snapshot.ref, status: snapshot.status },
      );
    }
  }
}

/** POST /api/billing/webhook/stripe: verified by signature, each event id once (IMPL-14). */
export async function handleStripeWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  if (ctx.payments.kind !== "stripe" || !ctx.payments.parseWebhook) throw new AppError("STRIPE_NOT_CONFIGURED");
  let event: GatewayEvent;
  try {
    event = ctx.payments.parseWebhook(rawBody, signature);
  } catch {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID");
  }
  if (!(await recordWebhookEvent(ctx.db, event.id, event.type))) return { received: true, duplicate: true };
  try {
    await handleGatewayEvent(ctx, event);
  } catch (error) {
    // Not recorded, so Stripe's retry gets another go.
    await forgetWebhookEvent(ctx.db, event.id);
    throw error;
  }
  return { received: true, duplicate: false };
}

/**
 * Job: renewals and retries of a gateway that bills them itself (the local one), applied like webhooks;
 * a gateway that bills on its own schedule reports by webhook instead, and this does nothing.
 */
export async function runLocalRenewals(ctx: AppContext): Promise<number> {
  if (!ctx.payments.runDueRenewals) return 0;
  const events = await ctx.payments.runDueRenewals();
  for (const event of events) await handleGatewayEvent(ctx, event);
  return events.length;
}

/** Job (IMPL-12): trial reminders 3 days and 1 day before, and on the day; guides go inactive by the live rule. */
export async function runTrialNotices(ctx: AppContext, batch = 200): Promise<number> {
  const now = ctx.now();
  let sent = 0;
  let after: { trialEndsAt: Date; accountId: string } | null = null;
  for (;;) {
    const page = await findTrialsDueNotice(ctx.db, now, after, batch);
    for (const trial of page) {
      if (!trial.trialEndsAt) continue;
      const kind = dueTrialNotice(trial.trialEndsAt, now);
      if (!kind || !(await claimTrialNotice(ctx.db, trial.accountId, kind, trial.trialEndsAt))) continue;
      await ctx.email.send(
        trialNoticeEmail(trial.email, trial.firstName, kind, `${ctx.config.publicUrl}/subscription`),
      );
      sent++;
    }
    const last = page.at(-1);
    if (page.length < batch || !last?.trialEndsAt) return sent;
    after = { trialEndsAt: last.trialEndsAt, accountId: last.accountId };
  }
}

/**
 * IMPL-15, OPEN-06: the billed quantity follows property creation and deletion. Never fails the caller:
 * a provider error is logged and reported to support.
 */
export async function syncBilledQuantity(ctx: AppContext, accountId: string): Promise<void> {
  try {
    const billing = await findBillingAccount(ctx.db, accountId);
    if (!billing?.subscriptionRef || !billing.planKey || !LIVE_STATUSES.has(billing.status as SubscriptionStatus))
      return;
    if (billing.gateway !== ctx.payments.kind) return;
    const quantity = await billedQuantityFor(ctx, accountId);
    if (quantity === billing.quantity) return;
    const plan = await findPlanByKey(ctx.db, billing.planKey);
    if (!plan) return;
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
  } catch (error) {
    ctx.log.error({ err: error, accountId }, "billed quantity sync failed");
    const user = await findMasterUser(ctx.db, accountId).catch(() => null);
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
