// What a payment means beyond billing (IMPL-14, IMPL-19): a paid invoice of an active subscription makes the
// referred account's referral reward and the affiliate's commissions; a refund or an ended subscription
// cancels a pending reward and reverses commissions. Billing applies the provider's state; this fans it out
// to referrals and affiliates, which both sit above billing's users.
//
// No transaction spans the steps: each one reads the payment provider (the subscription, the customer's
// invoices), and the local gateway reads its own tables through the app's handle, which would wait on a
// transaction held here on PGlite's one connection. Each step is idempotent instead (state re-read from the
// provider, a reward made once per account, a commission once per invoice), and a webhook whose handling
// fails is forgotten, so the provider's retry runs the remaining steps (decision 037).
import { ENDED_STATUSES } from "@doorstep/shared/rules/billing";
import type { CreateSubscriptionRequest, CreateSubscriptionResponse } from "@doorstep/shared/schemas/billing";
import type { AppContext, Caller } from "../app-context.ts";
import {
  recordAffiliateCommissions,
  reverseAffiliateCommissions,
} from "../features/affiliates/affiliate-commissions.service.ts";
import {
  applyGatewayEvent,
  claimWebhookEvent,
  parseStripeWebhook,
  releaseWebhookEvent,
  reportFailedPayment,
} from "../features/billing/billing-events.service.ts";
import { createSubscription } from "../features/billing/billing.service.ts";
import { cancelReferredReward, recordReferredPayment } from "../features/referrals/referral-rewards.service.ts";
import { purgeAccountGuides } from "../lib/guide-purge.ts";
import type { GatewayEvent } from "../providers/payments/payment-gateway.ts";

/** Applies a provider event: the subscription state, then what the payment earns or loses (IMPL-14, IMPL-19). */
export async function handleGatewayEvent(ctx: AppContext, event: GatewayEvent): Promise<void> {
  const outcome = await applyGatewayEvent(ctx, event);
  if (!outcome) return;
  const { accountId, customerRef } = outcome;
  // The subscription's state decides whether the account's guides are Live (PROP-17): purge them (decision 059).
  await purgeAccountGuides(ctx, accountId);
  // A paid invoice of an active subscription (never a trial's $0 one) makes the referred account's reward once.
  if (outcome.type === "invoice.paid" && outcome.status === "active") {
    await recordReferredPayment(ctx, accountId);
    // An affiliate's customer's paid invoices earn commission, each once.
    if (customerRef) await recordAffiliateCommissions(ctx, accountId, customerRef);
  }
  if (outcome.type === "charge.refunded") {
    await cancelReferredReward(ctx, accountId, "refund");
    if (customerRef) await reverseAffiliateCommissions(ctx, accountId, customerRef, outcome.invoiceRef);
  } else if (ENDED_STATUSES.has(outcome.status)) await cancelReferredReward(ctx, accountId, "subscription-ended");
  await reportFailedPayment(ctx, outcome);
}

/** POST /api/billing/webhook/stripe: verified by signature, each event id once (IMPL-14). */
export async function handleStripeWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const event = parseStripeWebhook(ctx, rawBody, signature);
  if (!(await claimWebhookEvent(ctx, event))) return { received: true, duplicate: true };
  try {
    await handleGatewayEvent(ctx, event);
  } catch (error) {
    // Not recorded, so Stripe's retry gets another go.
    await releaseWebhookEvent(ctx, event.id);
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

/**
 * POST /api/billing/subscription: subscribes (billing), and when the first invoice was paid at once (after
 * the trial) records what it earns; a webhook may say so again, and each record is made once.
 */
export async function subscribe(
  ctx: AppContext,
  caller: Caller,
  input: CreateSubscriptionRequest,
  ip: string,
): Promise<CreateSubscriptionResponse> {
  const { response, paid } = await createSubscription(ctx, caller, input, ip);
  // The subscription stands whatever the referral and affiliate bookkeeping does: a failure there is logged.
  if (paid) {
    try {
      await recordReferredPayment(ctx, paid.accountId);
    } catch (error) {
      ctx.log.error({ err: error, accountId: paid.accountId }, "referral reward not recorded");
    }
    try {
      await recordAffiliateCommissions(ctx, paid.accountId, paid.customerRef);
    } catch (error) {
      ctx.log.error({ err: error, accountId: paid.accountId }, "affiliate commission not recorded");
    }
  }
  return response;
}
