import { FAILED_STATUSES, dueTrialNotice, type SubscriptionStatus } from "@doorstep/shared/rules/billing";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { GatewayEvent } from "../../providers/payments/payment-gateway.ts";
import { paymentFailedEmail, trialNoticeEmail } from "./billing.emails.ts";
import {
  claimTrialNotice,
  findBillingAccountByCustomer,
  findBillingAccountBySubscription,
  findTrialsDueNotice,
  forgetWebhookEvent,
  recordWebhookEvent,
} from "./billing.repository.ts";
import { applySnapshot, recordAlert } from "./billing.service.ts";
import { findMasterUser } from "../users/user.service.ts";

const HANDLED = new Set([
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.created",
  // Referrals (REF-16): a refunded payment cancels a reward still waiting for its 35 days.
  "charge.refunded",
]);

/** What a provider event changed, for the workflows that follow a payment (commands/billing-events). */
export interface GatewayEventOutcome {
  type: GatewayEvent["type"];
  accountId: string;
  customerRef: string | null;
  invoiceRef: string | null;
  subscriptionRef: string;
  status: SubscriptionStatus;
}

/**
 * Applies a provider event to the account's subscription state (IMPL-14). Events only say *that* something
 * changed: the subscription is re-read from the provider, so duplicates and any arrival order converge on
 * the provider's state. Null when the event is not one of ours.
 */
export async function applyGatewayEvent(ctx: AppContext, event: GatewayEvent): Promise<GatewayEventOutcome | null> {
  if (!HANDLED.has(event.type)) return null;
  const billing =
    (event.subscriptionRef ? await findBillingAccountBySubscription(ctx.db, event.subscriptionRef) : null) ??
    (event.customerRef ? await findBillingAccountByCustomer(ctx.db, event.customerRef) : null);
  if (!billing?.subscriptionRef) return null;
  if (event.subscriptionRef && event.subscriptionRef !== billing.subscriptionRef) return null;
  let snapshot = await ctx.payments.getSubscription(billing.subscriptionRef);
  // BILL-13: the first paid period has started (its invoice exists), so the next one is at the renewal price.
  if (snapshot.renewalPending && (snapshot.status === "active" || snapshot.status === "past_due")) {
    snapshot = await ctx.payments.applyRenewalPrice(snapshot.ref);
  }
  await applySnapshot(ctx, billing.accountId, snapshot);
  return {
    type: event.type,
    accountId: billing.accountId,
    customerRef: billing.customerRef,
    invoiceRef: event.invoiceRef ?? null,
    subscriptionRef: snapshot.ref,
    status: snapshot.status,
  };
}

/** A failed renewal payment: the master user is told and support alerted (BILL-35). */
export async function reportFailedPayment(ctx: AppContext, outcome: GatewayEventOutcome): Promise<void> {
  if (outcome.type !== "invoice.payment_failed" || !FAILED_STATUSES.has(outcome.status)) return;
  const user = await findMasterUser(ctx, outcome.accountId);
  if (!user) return;
  await ctx.email.send(paymentFailedEmail(user.email, user.firstName, `${ctx.config.publicUrl}/subscription`));
  await recordAlert(
    ctx,
    { accountId: outcome.accountId, userId: user.id, email: user.email },
    "renewal-failed",
    "A renewal payment failed.",
    { subscription: outcome.subscriptionRef, status: outcome.status },
  );
}

/** The provider event behind a Stripe webhook, verified by its signature (IMPL-14). */
export function parseStripeWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): GatewayEvent {
  if (ctx.payments.kind !== "stripe" || !ctx.payments.parseWebhook) throw new AppError("STRIPE_NOT_CONFIGURED");
  try {
    return ctx.payments.parseWebhook(rawBody, signature);
  } catch {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID");
  }
}

/** Records a webhook event's id; false when it was already recorded (each event id is handled once). */
export function claimWebhookEvent(ctx: AppContext, event: GatewayEvent): Promise<boolean> {
  return recordWebhookEvent(ctx.db, event.id, event.type);
}

/** Forgets a webhook event whose handling failed, so the provider's retry gets another go. */
export async function releaseWebhookEvent(ctx: AppContext, eventId: string): Promise<void> {
  await forgetWebhookEvent(ctx.db, eventId);
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
