import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** The local gateway's simulated provider (docs/architecture.md §6): payment methods, subscriptions, invoices. */
export const localPaymentMethods = pgTable("local_payment_methods", {
  id: text("id").primaryKey(),
  customerRef: text("customer_ref"),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  /** What the card does, from Stripe's test numbers: ok, declined, insufficient_funds, fails_later, authentication_required. */
  behaviour: text("behaviour").notNull(),
  createdAt: tz("created_at").notNull().defaultNow(),
});

export const localSubscriptions = pgTable(
  "local_subscriptions",
  {
    id: text("id").primaryKey(),
    customerRef: text("customer_ref").notNull(),
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    cycle: text("cycle", { enum: ["monthly", "annual"] }).notNull(),
    quantity: integer("quantity").notNull(),
    amount: integer("amount").notNull(),
    /** The total per cycle from the second paid period on (BILL-13 legacy annual, promotional lists); null = `amount`. */
    renewalAmount: integer("renewal_amount"),
    couponPercentOff: integer("coupon_percent_off"),
    couponMonths: integer("coupon_months"),
    paymentMethodRef: text("payment_method_ref"),
    currentPeriodStart: tz("current_period_start").notNull(),
    currentPeriodEnd: tz("current_period_end").notNull(),
    trialEnd: tz("trial_end"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    nextRetryAt: tz("next_retry_at"),
    /** Ends at the period's end instead of renewing (an account's deletion, decision 060). */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("local_subscriptions_due_idx")
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('trialing','active','past_due')`),
  ],
);

export const localInvoices = pgTable(
  "local_invoices",
  {
    id: text("id").primaryKey(),
    subscriptionRef: text("subscription_ref").notNull(),
    customerRef: text("customer_ref").notNull(),
    currency: text("currency").notNull(),
    amountDue: integer("amount_due").notNull(),
    amountPaid: integer("amount_paid").notNull().default(0),
    status: text("status", { enum: ["open", "paid", "void"] }).notNull(),
    periodStart: tz("period_start").notNull(),
    periodEnd: tz("period_end").notNull(),
    createdAt: tz("created_at").notNull(),
  },
  (t) => [index("local_invoices_customer_idx").on(t.customerRef, t.createdAt)],
);

/** The local gateway's simulated PaymentIntents for the guest store (authorise, capture, release, refund). */
export const localStorePayments = pgTable("local_store_payments", {
  id: text("id").primaryKey(),
  paymentMethodRef: text("payment_method_ref").notNull(),
  amount: integer("amount").notNull(),
  currency: text("currency").notNull(),
  destination: text("destination"),
  applicationFee: integer("application_fee").notNull().default(0),
  status: text("status", { enum: ["requires_capture", "succeeded", "canceled"] }).notNull(),
  amountRefunded: integer("amount_refunded").notNull().default(0),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: tz("created_at").notNull().defaultNow(),
});
