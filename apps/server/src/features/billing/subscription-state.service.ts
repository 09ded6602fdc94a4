import {
  CURRENCY_SYMBOLS,
  FAILED_STATUSES,
  hasOpenSubscription,
  isCurrency,
  LIVE_STATUSES,
  priceForQuantity,
  type Currency,
  type PlanPricing,
  type SubscriptionStatus,
} from "@doorstep/shared/rules/billing";
import type { SubscriptionState, UpcomingInvoiceDto } from "@doorstep/shared/schemas/billing";
import type { AppContext } from "../../app-context.ts";
import type { SubscriptionSnapshot, UpcomingInvoice } from "../../providers/payments/payment-gateway.ts";
import type { Account } from "../users/user.service.ts";
import { billedQuantityFor } from "./billing-plans.service.ts";
import { findPlanByKey, type BillingAccountRow } from "./billing.repository.ts";

/**
 * BILL-37: the provider's subscription and its next invoice, read live (Stripe: the subscription and the
 * preview invoice). A provider outage leaves them out rather than failing the page.
 */
async function readProviderBilling(
  ctx: AppContext,
  subscriptionRef: string,
  billsAgain: boolean,
): Promise<{ snapshot: SubscriptionSnapshot; upcoming: UpcomingInvoice | null } | null> {
  try {
    const [snapshot, upcoming] = await Promise.all([
      ctx.payments.getSubscription(subscriptionRef),
      billsAgain ? ctx.payments.previewNextInvoice(subscriptionRef) : null,
    ]);
    return { snapshot, upcoming };
  } catch (error) {
    ctx.log.warn({ err: error, subscriptionRef }, "could not read the subscription from the payment provider");
    return null;
  }
}

function toUpcomingInvoiceDto(
  upcoming: UpcomingInvoice,
  currency: Currency,
  couponCode: string | null | undefined,
): UpcomingInvoiceDto {
  return {
    amountDue: upcoming.amountDue,
    subtotal: upcoming.subtotal,
    // BILL-18, OPEN-32: named only while it still takes something off (P10: the first 12 months / first annual invoice).
    coupon: upcoming.amountDue < upcoming.subtotal ? (couponCode ?? null) : null,
    currency: isCurrency(upcoming.currency) ? upcoming.currency : currency,
    nextPaymentAttempt: upcoming.nextPaymentAttempt?.toISOString() ?? null,
    dueDate: upcoming.dueDate?.toISOString() ?? null,
    periodStart: upcoming.periodStart.toISOString(),
    periodEnd: upcoming.periodEnd.toISOString(),
    lines: upcoming.lines,
  };
}

/** The state /subscription shows (BILL-01, BILL-33…39); the quantity is counted now (BILL-17). */
export async function getSubscriptionState(
  ctx: AppContext,
  { account, billing }: { account: Account; billing: BillingAccountRow | null },
): Promise<SubscriptionState> {
  const quantity = await billedQuantityFor(ctx, account.id);
  const plan = billing?.planKey ? await findPlanByKey(ctx.db, billing.planKey) : null;
  const status = billing?.subscriptionRef ? ((billing.status as SubscriptionStatus | null) ?? null) : null;
  const currency: Currency = isCurrency(billing?.currency)
    ? billing.currency
    : isCurrency(account.defaultCurrency)
      ? account.defaultCurrency
      : "usd";
  const now = ctx.now();
  const live = status !== null && LIVE_STATUSES.has(status);
  // OPEN-07: unpaid and incomplete still have a subscription (shown with the payment-failed treatment, BILL-34/39).
  const hasSubscription = hasOpenSubscription(billing?.subscriptionRef, status);
  const provider =
    hasSubscription && billing?.subscriptionRef && billing.gateway === ctx.payments.kind
      ? await readProviderBilling(ctx, billing.subscriptionRef, live)
      : null;
  return {
    gateway: ctx.payments.kind,
    hasSubscription,
    status,
    paymentFailed: hasSubscription && (account.cardOnFileFailed || (status !== null && FAILED_STATUSES.has(status))),
    trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
    trialActive: account.trialEndsAt !== null && account.trialEndsAt > now,
    plan:
      plan && hasSubscription ? { id: plan.key, name: plan.name, cycle: plan.cycle, unitLabel: plan.unitLabel } : null,
    currency,
    currencySymbol: CURRENCY_SYMBOLS[currency],
    currencyFixed: isCurrency(account.defaultCurrency),
    quantity,
    amount: plan && hasSubscription ? priceForQuantity(plan.pricing as PlanPricing, quantity) : null,
    nextPaymentAt: live ? (billing?.currentPeriodEnd?.toISOString() ?? null) : null,
    currentPeriodStart: provider?.snapshot.currentPeriodStart?.toISOString() ?? null,
    currentPeriodEnd: billing?.currentPeriodEnd?.toISOString() ?? null,
    upcomingInvoice: provider?.upcoming ? toUpcomingInvoiceDto(provider.upcoming, currency, billing?.couponCode) : null,
    card: billing?.cardLast4
      ? {
          brand: billing.cardBrand ?? "card",
          last4: billing.cardLast4,
          expMonth: billing.cardExpMonth ?? 0,
          expYear: billing.cardExpYear ?? 0,
        }
      : null,
  };
}
