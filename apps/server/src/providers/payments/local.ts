import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { nextBillingDate } from "@doorstep/shared/rules/billing";
import type { Db } from "../../db/client.ts";
import { localInvoices, localPaymentMethods, localSubscriptions } from "../../db/schema/billing.ts";
import type { CardDetails, GatewayEvent, NewSubscription, PaymentGateway } from "./index.ts";
import { PaymentError } from "./index.ts";
import {
  CARD_ERRORS,
  charge,
  findMethod,
  localId,
  payOpenInvoices,
  periodAmount,
  snapshot,
  type SubscriptionRow,
} from "./local-billing.ts";
import { cardBehaviour, cardBrand, luhnValid, type CardBehaviour } from "./local-cards.ts";
import { listLocalInvoices, previewLocalInvoice } from "./local-invoices.ts";
import { runDueRenewals } from "./local-renewals.ts";

export interface LocalGateway extends PaymentGateway {
  readonly kind: "local";
  /** The browser's card fields in test mode (refused in production by the route). */
  createPaymentMethod(card: { number: string; expMonth: number; expYear: number }): Promise<CardDetails>;
  /** The renewal job: bills due periods and retries past-due invoices; returns what happened. */
  runDueRenewals(batch?: number): Promise<GatewayEvent[]>;
}

/**
 * The embedded payment provider: customers, cards, subscriptions and invoices simulated in our tables
 * (invoices in local-invoices.ts, renewals in local-renewals.ts).
 */
export function createLocalGateway({ db, now }: { db: Db; now: () => Date }): LocalGateway {
  async function getRow(ref: string): Promise<SubscriptionRow> {
    const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, ref)).limit(1);
    if (!row) throw new PaymentError("provider", `No such subscription: ${ref}`);
    return row;
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
      if (
        card.expYear < today.getUTCFullYear() ||
        (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
      ) {
        throw new PaymentError("invalid_card", "Your card's expiration date is in the past.");
      }
      const row = {
        id: localId("pm"),
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
      const method = await findMethod(db, paymentMethodRef);
      // Another customer's card is "no such payment method", as Stripe answers.
      if (!method || (method.customerRef && method.customerRef !== customerRef)) {
        throw new PaymentError("provider", `No such payment method: '${paymentMethodRef}'`);
      }
      const behaviour = method.behaviour as CardBehaviour;
      if (behaviour === "declined" || behaviour === "authentication_required") throw CARD_ERRORS[behaviour];
      await db.update(localPaymentMethods).set({ customerRef }).where(eq(localPaymentMethods.id, method.id));
      return {
        ref: method.id,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
      };
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
        const [row] = await db
          .insert(localSubscriptions)
          .values({ ...base, status: "trialing", currentPeriodEnd: input.trialEnd, trialEnd: input.trialEnd })
          .returning();
        return snapshot(row!);
      }
      // After the trial: charged now, next billing +30 / +366 days (BILL-25); a refused charge creates nothing.
      const amount = periodAmount({ ...base, createdAt: start, trialEnd: null }, start);
      const failure = await charge(db, input.paymentMethodRef, amount);
      if (failure) throw failure;
      const periodEnd = nextBillingDate(start, input.cycle);
      const [row] = await db
        .insert(localSubscriptions)
        .values({ ...base, status: "active", currentPeriodEnd: periodEnd, trialEnd: null })
        .returning();
      await db.insert(localInvoices).values({
        id: localId("in"),
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
      await db
        .update(localSubscriptions)
        .set({ quantity, amount, renewalAmount, updatedAt: now() })
        .where(eq(localSubscriptions.id, ref));
      return snapshot(await getRow(ref));
    },

    async applyRenewalPrice(ref) {
      // The stored renewal amount is billed by runDueRenewals itself.
      return snapshot(await getRow(ref));
    },

    async extendTrial(ref, trialEnd) {
      const row = await getRow(ref);
      if (row.status === "trialing") {
        await db
          .update(localSubscriptions)
          .set({ trialEnd, currentPeriodEnd: trialEnd, updatedAt: now() })
          .where(eq(localSubscriptions.id, ref));
      }
      return snapshot(await getRow(ref));
    },

    async retryOpenInvoice(ref, paymentMethodRef) {
      await db
        .update(localSubscriptions)
        .set({ paymentMethodRef, updatedAt: now() })
        .where(eq(localSubscriptions.id, ref));
      const row = await getRow(ref);
      const failure = await payOpenInvoices(db, row);
      if (failure) throw failure;
      if (row.status === "past_due" || row.status === "unpaid") {
        await db
          .update(localSubscriptions)
          .set({ status: "active", failedAttempts: 0, nextRetryAt: null, updatedAt: now() })
          .where(eq(localSubscriptions.id, ref));
      }
      return snapshot(await getRow(ref));
    },

    async cancelSubscription(ref) {
      await db
        .update(localSubscriptions)
        .set({ status: "canceled", updatedAt: now() })
        .where(eq(localSubscriptions.id, ref));
      await db
        .update(localInvoices)
        .set({ status: "void" })
        .where(and(eq(localInvoices.subscriptionRef, ref), eq(localInvoices.status, "open")));
    },

    async getSubscription(ref) {
      return snapshot(await getRow(ref));
    },

    previewNextInvoice: async (ref) => previewLocalInvoice(await getRow(ref)),

    listInvoices: (customerRef, page) => listLocalInvoices(db, customerRef, page),

    parseWebhook() {
      throw new PaymentError("provider", "The local gateway sends no webhooks.");
    },

    runDueRenewals: (batch = 50) => runDueRenewals(db, now(), batch),
  };

  return gateway;
}

export const isLocalGateway = (gateway: PaymentGateway): gateway is LocalGateway => gateway.kind === "local";
