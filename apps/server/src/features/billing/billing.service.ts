import {
  deriveSubscriptionFlags,
  ENDED_STATUSES,
  findCoupon,
  hasOpenSubscription,
  isCurrency,
  LIVE_STATUSES,
  type Currency,
  type SubscriptionStatus,
} from "@doorstep/shared/rules/billing";
import type {
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  InvoiceListResponse,
  SubscriptionAlertRequest,
  UpdatePaymentMethodRequest,
} from "@doorstep/shared/schemas/billing";
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { AppContext, Caller } from "../../app-context.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { SubscriptionSnapshot } from "../../providers/payments/payment-gateway.ts";
import { getUser, setAccountBillingFlags, type Account, type User } from "../users/user.service.ts";
import { subscriptionAlertEmail } from "./billing.emails.ts";
import { toBillingError } from "./billing.errors.ts";
import { allowedPlans, billedQuantityFor, planAmounts, resolveCurrency } from "./billing-plans.service.ts";
import { getSubscriptionState } from "./subscription-state.service.ts";
import {
  findBillingAccount,
  subscriptionStatusOfSql,
  claimSubscribe,
  insertSubscriptionAlert,
  releaseSubscribe,
  upsertBillingAccount,
  type BillingAccountRow,
} from "./billing.repository.ts";

export interface BillingContext {
  account: Account;
  user: User;
  billing: BillingAccountRow | null;
}

/** An account's subscription as other features see it (referral rewards, IMPL-14); null before billing. */
export interface SubscriptionSummary {
  status: string | null;
  currency: string | null;
  cycle: string | null;
  /** The card's provider fingerprint (Stripe only): decision 018's self-referral check. */
  cardFingerprint: string | null;
}

/** The account's subscription summary, or null before its first billing action. */
export async function findSubscriptionSummary(ctx: AppContext, accountId: string): Promise<SubscriptionSummary | null> {
  const billing = await findBillingAccount(ctx.db, accountId);
  return billing
    ? {
        status: billing.status,
        currency: billing.currency,
        cycle: billing.cycle,
        cardFingerprint: billing.cardFingerprint,
      }
    : null;
}

/**
 * SQL for the subscription status of the account `accountId` names (null before billing), for jobs that
 * claim rows with SKIP LOCKED and decide by the status in the same statement (referral rewards, REF-16…18).
 */
export function subscriptionStatusSql(accountId: SQLWrapper): SQL<string | null> {
  return subscriptionStatusOfSql(accountId);
}

/** The caller's account and billing row; billing is for master accounts only (BILL-49, OPEN-31). */
export async function requireBillingContext(ctx: AppContext, caller: Caller): Promise<BillingContext> {
  const user = await getUser(ctx, caller.userId);
  if (user.accountId !== caller.accountId) throw notFound("user");
  if (!user.isMaster) throw new AppError("BILLING_OWNER_ONLY");
  return { account: user.account, user, billing: await findBillingAccount(ctx.db, user.accountId) };
}

/** IMPL-13: the provider customer, created at the first billing action (idempotent per account). */
export async function ensureCustomer(ctx: AppContext, { account, user, billing }: BillingContext): Promise<string> {
  if (billing?.customerRef && billing.gateway === ctx.payments.kind) return billing.customerRef;
  const customerRef = await ctx.payments.createCustomer({
    accountId: account.id,
    email: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(" "),
    idempotencyKey: `customer-${account.id}`,
  });
  await upsertBillingAccount(ctx.db, account.id, ctx.payments.kind, { gateway: ctx.payments.kind, customerRef });
  return customerRef;
}

/** BILL-31, IMPL-37: stores a failure report and emails support; never fails the caller's request itself. */
export async function recordAlert(
  ctx: AppContext,
  who: { accountId: string; userId: string; email: string },
  kind: string,
  errorMessage: string,
  payload: Record<string, unknown>,
): Promise<void> {
  try {
    await insertSubscriptionAlert(ctx.db, {
      accountId: who.accountId,
      userId: who.userId,
      kind,
      errorMessage,
      payload,
    });
    await ctx.email.send(subscriptionAlertEmail(ctx.config.supportEmail, { ...who, kind, errorMessage, payload }));
  } catch (error) {
    ctx.log.error({ err: error, kind }, "could not record a subscription alert");
  }
}

/** Applies the provider's subscription as it is now: status, period, flags (OPEN-07/08). Stale subscriptions are ignored. */
export async function applySnapshot(ctx: AppContext, accountId: string, snapshot: SubscriptionSnapshot): Promise<void> {
  const billing = await findBillingAccount(ctx.db, accountId);
  if (!billing || billing.subscriptionRef !== snapshot.ref) return;
  await upsertBillingAccount(ctx.db, accountId, billing.gateway, {
    status: snapshot.status,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    trialEnd: snapshot.trialEnd,
  });
  await setAccountBillingFlags(ctx, accountId, deriveSubscriptionFlags(snapshot.status));
}

/** A new subscription, and the paid first invoice's customer when it was paid at once (after the trial). */
export interface CreatedSubscription {
  response: CreateSubscriptionResponse;
  paid: { accountId: string; customerRef: string } | null;
}

/**
 * POST /api/billing/subscription (BILL-22…26): the server picks plan, quantity and price; a refusal creates
 * nothing. One at a time per account, and never a second provider subscription while one is open
 * (an unpaid one is fixed with a new card, BILL-36). commands/billing-events runs what a paid invoice earns.
 */
export async function createSubscription(
  ctx: AppContext,
  caller: Caller,
  input: CreateSubscriptionRequest,
  ip: string,
): Promise<CreatedSubscription> {
  const { account } = await requireBillingContext(ctx, caller);
  if (!(await claimSubscribe(ctx.db, account.id, ctx.payments.kind, ctx.now()))) {
    throw new AppError("SUBSCRIPTION_PENDING");
  }
  try {
    return await subscribeClaimed(ctx, caller, input, ip);
  } finally {
    await releaseSubscribe(ctx.db, account.id);
  }
}

async function subscribeClaimed(
  ctx: AppContext,
  caller: Caller,
  input: CreateSubscriptionRequest,
  ip: string,
): Promise<CreatedSubscription> {
  const bc = await requireBillingContext(ctx, caller);
  const { account, user, billing } = bc;
  if (
    hasOpenSubscription(billing?.subscriptionRef, billing?.status as SubscriptionStatus | null) &&
    billing?.gateway === ctx.payments.kind
  ) {
    throw new AppError("SUBSCRIPTION_EXISTS");
  }
  const plans = await allowedPlans(ctx, account, billing);
  const { currency } = resolveCurrency(ctx, account, plans, input.currency, ip);
  const plan = plans.find(
    (p) => p.currency === currency && p.cycle === input.cycle && (!input.planId || p.key === input.planId),
  );
  if (!plan) throw new AppError("PLAN_UNAVAILABLE", undefined, { at: ["planId"], issue: "PLAN_NOT_OFFERED" });
  const quantity = await billedQuantityFor(ctx, account.id);
  const { amount, renewalAmount } = planAmounts(plan, quantity);
  const couponCode = input.coupon || account.couponCode;
  const coupon = findCoupon(couponCode);
  // OPEN-32: an unknown coupon is ignored with a warning; the subscription goes ahead at full price.
  if (couponCode && !coupon) ctx.log.warn({ accountId: account.id, couponCode }, "unknown coupon ignored");
  const payload = {
    planId: plan.key,
    cycle: plan.cycle,
    currency,
    quantity,
    amount,
    coupon: coupon?.code ?? null,
    paymentMethodId: input.paymentMethodId,
  };
  const who = { accountId: account.id, userId: user.id, email: user.email };

  let phase: "card" | "subscription" = "card";
  let paidCustomerRef: string | null = null;
  try {
    const customerRef = await ensureCustomer(ctx, bc);
    const card = await ctx.payments.attachPaymentMethod(customerRef, input.paymentMethodId);
    phase = "subscription";
    const now = ctx.now();
    const trialEnd = account.trialEndsAt && account.trialEndsAt > now ? account.trialEndsAt : null;
    const snapshot = await ctx.payments.createSubscription({
      customerRef,
      paymentMethodRef: card.ref,
      planKey: plan.key,
      providerPriceRef: plan.providerPriceRef,
      currency,
      cycle: plan.cycle,
      quantity,
      amount,
      renewalAmount,
      trialEnd,
      coupon,
      idempotencyKey: `subscription-${account.id}-${billing?.subscriptionRef ?? "first"}-${card.ref}-${plan.key}-${quantity}`,
    });
    if (!LIVE_STATUSES.has(snapshot.status)) {
      await ctx.payments.cancelSubscription(snapshot.ref).catch(() => undefined);
      throw new AppError("CARD_DECLINED");
    }
    await upsertBillingAccount(ctx.db, account.id, ctx.payments.kind, {
      customerRef,
      subscriptionRef: snapshot.ref,
      status: snapshot.status,
      planKey: plan.key,
      cycle: plan.cycle,
      currency,
      quantity,
      amount,
      couponCode: coupon?.code ?? null,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      trialEnd: snapshot.trialEnd,
      subscribedAt: now,
      cardRef: card.ref,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      cardFingerprint: card.fingerprint ?? null,
    });
    paidCustomerRef = snapshot.status === "active" ? customerRef : null;
    // BILL-26 + OPEN-33: guides live again, the card is good, the currency is fixed from now on.
    await setAccountBillingFlags(ctx, account.id, {
      ...deriveSubscriptionFlags(snapshot.status),
      defaultCurrency: currency,
    });
  } catch (error) {
    const appError = toBillingError(error, phase);
    await recordAlert(ctx, who, `subscribe-${phase}`, error instanceof Error ? error.message : String(error), payload);
    throw appError;
  }
  const fresh = await requireBillingContext(ctx, caller);
  return {
    response: { paymentSuccess: true, subscriptionSuccess: true, subscription: await getSubscriptionState(ctx, fresh) },
    paid: paidCustomerRef ? { accountId: account.id, customerRef: paidCustomerRef } : null,
  };
}

/** PUT /api/billing/payment-method (BILL-35/36): new default card, the open invoice retried, the failure cleared. */
export async function updatePaymentMethod(ctx: AppContext, caller: Caller, input: UpdatePaymentMethodRequest) {
  const bc = await requireBillingContext(ctx, caller);
  const { account, user, billing } = bc;
  if (!billing?.subscriptionRef || !billing.customerRef) throw new AppError("NO_SUBSCRIPTION");
  const who = { accountId: account.id, userId: user.id, email: user.email };
  let phase: "card" | "subscription" = "card";
  try {
    const card = await ctx.payments.attachPaymentMethod(billing.customerRef, input.paymentMethodId);
    await upsertBillingAccount(ctx.db, account.id, billing.gateway, {
      cardRef: card.ref,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      cardFingerprint: card.fingerprint ?? null,
    });
    phase = "subscription";
    const snapshot = await ctx.payments.retryOpenInvoice(billing.subscriptionRef, card.ref);
    await applySnapshot(ctx, account.id, snapshot);
  } catch (error) {
    await recordAlert(ctx, who, `update-card-${phase}`, error instanceof Error ? error.message : String(error), {
      paymentMethodId: input.paymentMethodId,
    });
    throw toBillingError(error, phase === "card" ? "card" : "subscription");
  }
  const fresh = await requireBillingContext(ctx, caller);
  return { paymentSuccess: true, subscription: await getSubscriptionState(ctx, fresh) };
}

/** GET /api/billing/invoices (BILL-40, IMPL-16): from the provider, only amounts paid above 0. */
export async function listInvoices(
  ctx: AppContext,
  caller: Caller,
  cursor: string | undefined,
): Promise<InvoiceListResponse> {
  const { billing } = await requireBillingContext(ctx, caller);
  if (!billing?.customerRef || billing.gateway !== ctx.payments.kind) return { items: [], nextCursor: null };
  const page = await ctx.payments.listInvoices(billing.customerRef, { startingAfter: cursor, limit: 24 });
  const items = page.items
    .filter((i) => i.amountPaid > 0 && isCurrency(i.currency))
    .map((i) => ({
      id: i.id,
      date: i.createdAt.toISOString(),
      amountPaid: i.amountPaid,
      currency: i.currency as Currency,
      periodStart: i.periodStart.toISOString(),
      periodEnd: i.periodEnd.toISOString(),
      hostedUrl: i.hostedUrl,
      pdfUrl: i.pdfUrl,
    }));
  return { items, nextCursor: page.hasMore ? (page.items.at(-1)?.id ?? null) : null };
}

/**
 * Routes whose every call emails support (failure alerts, pause/cancel requests): per account, far above
 * a host retrying a card and far below a flood of the support inbox.
 */
export const SUPPORT_MAIL_RATE_LIMIT = { max: 10, windowMs: 60 * 60_000 };

/** POST /api/billing/subscription-alerts (BILL-31): a failure the browser saw, for support. */
export async function reportSubscriptionAlert(
  ctx: AppContext,
  caller: Caller,
  input: SubscriptionAlertRequest,
): Promise<void> {
  const { account, user } = await requireBillingContext(ctx, caller);
  await ctx.rateLimiter.consume("billing-support-mail", account.id, SUPPORT_MAIL_RATE_LIMIT);
  const { errorMessage, ...payload } = input;
  await recordAlert(
    ctx,
    { accountId: account.id, userId: user.id, email: user.email },
    "client",
    errorMessage,
    payload,
  );
}

/**
 * Cancels the account's subscription at its gateway when it has one (IMPL-33, the account deleted; decision
 * 060). A trialing or active one ends at its period's end — nothing more is billed, and a restore within the 30
 * days resumes it; one whose payment failed (past due, unpaid, incomplete) is cancelled at once, so no retry
 * charges the card of a deleted account, and its end is recorded now. A gateway that fails is logged, never
 * thrown: the deletion goes on.
 */
export async function cancelAccountSubscription(ctx: AppContext, accountId: string): Promise<void> {
  const billing = await findBillingAccount(ctx.db, accountId);
  const ref = billing?.subscriptionRef;
  if (!ref) return;
  try {
    const current = await ctx.payments.getSubscription(ref);
    if (ENDED_STATUSES.has(current.status)) return;
    const atPeriodEnd = current.status === "trialing" || current.status === "active";
    await ctx.payments.cancelSubscription(ref, { atPeriodEnd });
    if (!atPeriodEnd) await applySnapshot(ctx, accountId, await ctx.payments.getSubscription(ref));
  } catch (err) {
    ctx.log.error({ err, accountId }, "could not cancel a deleted account's subscription");
  }
}
