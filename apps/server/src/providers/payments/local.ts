import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray, lt, lte, or } from "drizzle-orm";
import { applyPercentOff, couponApplies, CURRENCY_SYMBOLS, isCurrency, NEXT_BILLING_DAYS, nextBillingDate, type SubscriptionStatus } from "@doorstep/shared/rules/billing";
import type { Db } from "../../db/client.ts";
import { localInvoices, localPaymentMethods, localSubscriptions } from "../../db/schema/billing.ts";
import type { CardDetails, GatewayEvent, GatewayInvoice, NewSubscription, PaymentGateway, SubscriptionSnapshot, UpcomingInvoice } from "./index.ts";
import { PaymentError } from "./index.ts";
import { cardBehaviour, cardBrand, luhnValid, type CardBehaviour } from "./local-cards.ts";

type SubscriptionRow = typeof localSubscriptions.$inferSelect;
const DAY = 86_400_000;
/** Past-due invoices are retried every 3 days; after 4 failed attempts the subscription is unpaid (Stripe's default shape). */
const RETRY_EVERY_MS = 3 * DAY;
const MAX_ATTEMPTS = 4;

export interface LocalGateway extends PaymentGateway {
  readonly kind: "local";
  /** The browser's card fields in test mode (refused in production by the route). */
  createPaymentMethod(card: { number: string; expMonth: number; expYear: number }): Promise<CardDetails>;
  /** The renewal job: bills due periods and retries past-due invoices; returns what happened. */
  runDueRenewals(batch?: number): Promise<GatewayEvent[]>;
}

const id = (prefix: string) => `${prefix}_local_${randomBytes(12).toString("hex")}`;

const MESSAGES: Record<Exclude<CardBehaviour, "ok" | "fails_later">, PaymentError> = {
  declined: new PaymentError("card_declined", "Your card was declined."),
  insufficient_funds: new PaymentError("insufficient_funds", "Your card has insufficient funds."),
  authentication_required: new PaymentError("authentication_required", "Your card requires authentication."),
};

function snapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    ref: row.id,
    customerRef: row.customerRef,
    status: row.status as SubscriptionStatus,
    quantity: row.quantity,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    renewalPending: false,
  };
}

/** The line of a period's invoice, worded like Stripe's: "2 × Doorstep monthly plan (at $6.645 / every 30 days)". */
function periodLine(row: Pick<SubscriptionRow, "quantity" | "currency" | "cycle">, listAmount: number) {
  const symbol = isCurrency(row.currency) ? CURRENCY_SYMBOLS[row.currency] : row.currency.toUpperCase();
  const unit = (listAmount / row.quantity / 100).toFixed(4).replace(/(\.\d\d\d*?)0+$/, "$1");
  return { description: `${row.quantity} × Doorstep ${row.cycle} plan (at ${symbol}${unit} / every ${NEXT_BILLING_DAYS[row.cycle]} days)`, quantity: row.quantity, amount: listAmount };
}

/** The embedded payment provider: customers, cards, subscriptions and invoices simulated in our tables. */
export function createLocalGateway({ db, now }: { db: Db; now: () => Date }): LocalGateway {
  async function findMethod(ref: string, conn: Db = db) {
    const [row] = await conn.select().from(localPaymentMethods).where(eq(localPaymentMethods.id, ref)).limit(1);
    return row ?? null;
  }

  /** A charge succeeds for good cards; "fails_later" cards attach but every charge fails (→ past_due). */
  async function charge(paymentMethodRef: string | null, amount: number, conn: Db = db): Promise<PaymentError | null> {
    if (amount === 0) return null;
    const method = paymentMethodRef ? await findMethod(paymentMethodRef, conn) : null;
    if (!method) return new PaymentError("card_declined", "No card on file.");
    const behaviour = method.behaviour as CardBehaviour;
    if (behaviour === "ok") return null;
    if (behaviour === "fails_later") return MESSAGES.declined;
    return MESSAGES[behaviour];
  }

  async function getRow(ref: string): Promise<SubscriptionRow> {
    const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, ref)).limit(1);
    if (!row) throw new PaymentError("provider", `No such subscription: ${ref}`);
    return row;
  }

  /**
   * The amount billed for a period: the renewal amount from the second paid period on (BILL-13; the first
   * paid period starts at the trial end, or at creation when charged now), less the coupon in its first year.
   */
  function periodAmount(row: Pick<SubscriptionRow, "amount" | "renewalAmount" | "couponPercentOff" | "couponMonths" | "createdAt" | "trialEnd">, periodStart: Date): number {
    const amount = listAmount(row, periodStart);
    if (row.couponPercentOff && row.couponMonths && couponApplies(row.createdAt, periodStart, row.couponMonths)) {
      return applyPercentOff(amount, row.couponPercentOff);
    }
    return amount;
  }

  /** The period's price before the coupon: the renewal amount from the second paid period on (BILL-13). */
  function listAmount(row: Pick<SubscriptionRow, "amount" | "renewalAmount" | "createdAt" | "trialEnd">, periodStart: Date): number {
    const firstPaidPeriodStart = row.trialEnd ?? row.createdAt;
    return row.renewalAmount !== null && periodStart > firstPaidPeriodStart ? row.renewalAmount : row.amount;
  }

  /** Pays a subscription's open invoices with its card; the first refusal stops and is returned. */
  async function payOpenInvoices(row: SubscriptionRow, conn: Db = db): Promise<PaymentError | null> {
    const open = await conn
      .select()
      .from(localInvoices)
      .where(and(eq(localInvoices.subscriptionRef, row.id), eq(localInvoices.status, "open")));
    for (const invoice of open) {
      const failure = await charge(row.paymentMethodRef, invoice.amountDue, conn);
      if (failure) return failure;
      await conn.update(localInvoices).set({ status: "paid", amountPaid: invoice.amountDue }).where(eq(localInvoices.id, invoice.id));
    }
    return null;
  }

  const gateway: LocalGateway = {
    kind: "local",

    async createCustomer({ accountId }) {
      return `cus_local_${accountId}`;
    },

    async createSetupIntent() {
      throw new PaymentError("provider", "The local gateway has no setup intents; use the test card form.");
    },

    async createPaymentMethod(card) {
      const digits = card.number.replace(/\s+/g, "");
      if (!luhnValid(digits)) throw new PaymentError("invalid_card", "Your card number is invalid.");
      const today = now();
      if (card.expYear < today.getUTCFullYear() || (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)) {
        throw new PaymentError("invalid_card", "Your card's expiration date is in the past.");
      }
      const row = {
        id: id("pm"),
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        behaviour: cardBehaviour(digits),
      };
      await db.insert(localPaymentMethods).values(row);
      return { ref: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
    },

    async attachPaymentMethod(customerRef, paymentMethodRef) {
      const method = await findMethod(paymentMethodRef);
      // Another customer's card is "no such payment method", as Stripe answers.
      if (!method || (method.customerRef && method.customerRef !== customerRef)) {
        throw new PaymentError("provider", `No such payment method: '${paymentMethodRef}'`);
      }
      const behaviour = method.behaviour as CardBehaviour;
      if (behaviour === "declined" || behaviour === "authentication_required") throw MESSAGES[behaviour];
      await db.update(localPaymentMethods).set({ customerRef }).where(eq(localPaymentMethods.id, method.id));
      return { ref: method.id, brand: method.brand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear };
    },

    async createSubscription(input: NewSubscription) {
      const ref = `sub_local_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
      const existing = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, ref)).limit(1);
      if (existing[0]) return snapshot(existing[0]);
      const start = now();
      const base = {
        id: ref,
        customerRef: input.customerRef,
        currency: input.currency,
        cycle: input.cycle,
        quantity: input.quantity,
        amount: input.amount,
        renewalAmount: input.renewalAmount,
        couponPercentOff: input.coupon?.percentOff ?? null,
        couponMonths: input.coupon?.months ?? null,
        paymentMethodRef: input.paymentMethodRef,
        currentPeriodStart: start,
        createdAt: start,
        updatedAt: start,
      };
      if (input.trialEnd && input.trialEnd > start) {
        const [row] = await db.insert(localSubscriptions).values({ ...base, status: "trialing", currentPeriodEnd: input.trialEnd, trialEnd: input.trialEnd }).returning();
        return snapshot(row!);
      }
      // After the trial: charged now, next billing +30 / +366 days (BILL-25); a refused charge creates nothing.
      const amount = periodAmount({ ...base, createdAt: start, trialEnd: null }, start);
      const failure = await charge(input.paymentMethodRef, amount);
      if (failure) throw failure;
      const periodEnd = nextBillingDate(start, input.cycle);
      const [row] = await db.insert(localSubscriptions).values({ ...base, status: "active", currentPeriodEnd: periodEnd, trialEnd: null }).returning();
      await db.insert(localInvoices).values({
        id: id("in"),
        subscriptionRef: ref,
        customerRef: input.customerRef,
        currency: input.currency,
        amountDue: amount,
        amountPaid: amount,
        status: "paid",
        periodStart: start,
        periodEnd,
        createdAt: start,
      });
      return snapshot(row!);
    },

    async updateQuantity(ref, { quantity, amount, renewalAmount }) {
      // Local simplification: the new total applies from the next period (no proration line).
      await db.update(localSubscriptions).set({ quantity, amount, renewalAmount, updatedAt: now() }).where(eq(localSubscriptions.id, ref));
      return snapshot(await getRow(ref));
    },

    async applyRenewalPrice(ref) {
      // The stored renewal amount is billed by runDueRenewals itself.
      return snapshot(await getRow(ref));
    },

    async extendTrial(ref, trialEnd) {
      const row = await getRow(ref);
      if (row.status === "trialing") {
        await db.update(localSubscriptions).set({ trialEnd, currentPeriodEnd: trialEnd, updatedAt: now() }).where(eq(localSubscriptions.id, ref));
      }
      return snapshot(await getRow(ref));
    },

    async retryOpenInvoice(ref, paymentMethodRef) {
      await db.update(localSubscriptions).set({ paymentMethodRef, updatedAt: now() }).where(eq(localSubscriptions.id, ref));
      const row = await getRow(ref);
      const failure = await payOpenInvoices(row);
      if (failure) throw failure;
      if (row.status === "past_due" || row.status === "unpaid") {
        await db.update(localSubscriptions).set({ status: "active", failedAttempts: 0, nextRetryAt: null, updatedAt: now() }).where(eq(localSubscriptions.id, ref));
      }
      return snapshot(await getRow(ref));
    },

    async cancelSubscription(ref) {
      await db.update(localSubscriptions).set({ status: "canceled", updatedAt: now() }).where(eq(localSubscriptions.id, ref));
      await db.update(localInvoices).set({ status: "void" }).where(and(eq(localInvoices.subscriptionRef, ref), eq(localInvoices.status, "open")));
    },

    async getSubscription(ref) {
      return snapshot(await getRow(ref));
    },

    async previewNextInvoice(ref): Promise<UpcomingInvoice | null> {
      const row = await getRow(ref);
      // Only these are billed again by runDueRenewals (unpaid and canceled are not).
      if (!["trialing", "active", "past_due"].includes(row.status)) return null;
      // The next period starts where this one ends and is charged then (BILL-25: +30 / +366 days).
      const periodStart = row.currentPeriodEnd;
      const subtotal = listAmount(row, periodStart);
      return {
        amountDue: periodAmount(row, periodStart),
        subtotal,
        currency: row.currency,
        nextPaymentAttempt: periodStart,
        dueDate: periodStart,
        periodStart,
        periodEnd: nextBillingDate(periodStart, row.cycle),
        lines: [periodLine(row, subtotal)],
      };
    },

    async listInvoices(customerRef, { startingAfter, limit }) {
      const conditions = [eq(localInvoices.customerRef, customerRef)];
      if (startingAfter) {
        const [after] = await db.select().from(localInvoices).where(eq(localInvoices.id, startingAfter)).limit(1);
        if (after) {
          conditions.push(or(lt(localInvoices.createdAt, after.createdAt), and(eq(localInvoices.createdAt, after.createdAt), lt(localInvoices.id, after.id)))!);
        }
      }
      const rows = await db
        .select()
        .from(localInvoices)
        .where(and(...conditions))
        .orderBy(desc(localInvoices.createdAt), desc(localInvoices.id))
        .limit(limit + 1);
      const items: GatewayInvoice[] = rows.slice(0, limit).map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        amountPaid: r.amountPaid,
        currency: r.currency,
        periodStart: r.periodStart,
        periodEnd: r.periodEnd,
        // Served by features/billing/receipt.ts (Stripe hosts its own).
        hostedUrl: `/api/billing/invoices/${r.id}/receipt`,
        pdfUrl: `/api/billing/invoices/${r.id}/receipt.pdf`,
      }));
      return { items, hasMore: rows.length > limit };
    },

    parseWebhook() {
      throw new PaymentError("provider", "The local gateway sends no webhooks.");
    },

    async runDueRenewals(batch = 50) {
      const events: GatewayEvent[] = [];
      const at = now();
      const event = (type: string, row: SubscriptionRow) => events.push({ id: id("evt"), type, customerRef: row.customerRef, subscriptionRef: row.id });
      await db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(localSubscriptions)
          .where(
            or(
              and(inArray(localSubscriptions.status, ["trialing", "active"]), lte(localSubscriptions.currentPeriodEnd, at)),
              and(eq(localSubscriptions.status, "past_due"), lte(localSubscriptions.nextRetryAt, at)),
            ),
          )
          .limit(batch)
          .for("update", { skipLocked: true });
        for (const row of due) {
          if (row.status === "past_due") {
            const failure = await payOpenInvoices(row, tx);
            if (!failure) {
              await tx.update(localSubscriptions).set({ status: "active", failedAttempts: 0, nextRetryAt: null, updatedAt: at }).where(eq(localSubscriptions.id, row.id));
              event("invoice.paid", row);
            } else if (row.failedAttempts + 1 >= MAX_ATTEMPTS) {
              await tx.update(localSubscriptions).set({ status: "unpaid", failedAttempts: row.failedAttempts + 1, nextRetryAt: null, updatedAt: at }).where(eq(localSubscriptions.id, row.id));
              event("customer.subscription.updated", row);
            } else {
              await tx
                .update(localSubscriptions)
                .set({ failedAttempts: row.failedAttempts + 1, nextRetryAt: new Date(at.getTime() + RETRY_EVERY_MS), updatedAt: at })
                .where(eq(localSubscriptions.id, row.id));
              event("invoice.payment_failed", row);
            }
            continue;
          }
          // A new period: from the old end, +30 / +366 days (XCUT-57).
          const periodStart = row.currentPeriodEnd;
          const periodEnd = nextBillingDate(periodStart, row.cycle);
          const amount = periodAmount(row, periodStart);
          const failure = await charge(row.paymentMethodRef, amount, tx);
          await tx.insert(localInvoices).values({
            id: id("in"),
            subscriptionRef: row.id,
            customerRef: row.customerRef,
            currency: row.currency,
            amountDue: amount,
            amountPaid: failure ? 0 : amount,
            status: failure ? "open" : "paid",
            periodStart,
            periodEnd,
            createdAt: at,
          });
          await tx
            .update(localSubscriptions)
            .set({
              status: failure ? "past_due" : "active",
              currentPeriodStart: periodStart,
              currentPeriodEnd: periodEnd,
              failedAttempts: failure ? 1 : 0,
              nextRetryAt: failure ? new Date(at.getTime() + RETRY_EVERY_MS) : null,
              updatedAt: at,
            })
            .where(eq(localSubscriptions.id, row.id));
          event(failure ? "invoice.payment_failed" : "invoice.paid", row);
        }
      });
      return events;
    },
  };

  return gateway;
}

export const isLocalGateway = (gateway: PaymentGateway): gateway is LocalGateway => gateway.kind === "local";
