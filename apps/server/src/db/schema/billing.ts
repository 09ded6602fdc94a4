import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts, timestamps, users } from "./accounts.ts";

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** The plan catalogue (BILL-06, OPEN-02): seeded from features/billing/catalogue at boot, data not code. */
export const billingPlans = pgTable(
  "billing_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Public, stable id, e.g. "main-usd-monthly". */
    key: text("key").notNull(),
    /** The named list it belongs to: main, promotional, unit-pricing, gbp-2020, per-unit-2024. */
    catalogue: text("catalogue").notNull(),
    name: text("name").notNull(),
    unitLabel: text("unit_label", { enum: ["guide", "property"] }).notNull(),
    cycle: text("cycle", { enum: ["monthly", "annual"] }).notNull(),
    currency: text("currency", { enum: ["usd", "gbp", "eur", "aud"] }).notNull(),
    /** PlanPricing (packages/shared/src/rules/billing.ts), minor units. */
    pricing: jsonb("pricing").notNull(),
    renewalPricing: jsonb("renewal_pricing"),
    saveMessage: text("save_message"),
    specialOffer: text("special_offer"),
    /** The payment provider's price id (Stripe), when one mirrors this plan (OPEN-03). */
    providerPriceRef: text("provider_price_ref"),
    /** Values still to be signed off by the product owner (OPEN-03). */
    toBeConfirmed: boolean("to_be_confirmed").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("billing_plans_key_unique").on(t.key), index("billing_plans_catalogue_idx").on(t.catalogue)],
);

/** One row per account once it touches billing: provider ids, the subscription as last seen, the card. */
export const billingAccounts = pgTable(
  "billing_accounts",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    gateway: text("gateway", { enum: ["local", "stripe"] }).notNull(),
    customerRef: text("customer_ref"),
    subscriptionRef: text("subscription_ref"),
    status: text("status"),
    planKey: text("plan_key"),
    cycle: text("cycle", { enum: ["monthly", "annual"] }),
    currency: text("currency"),
    quantity: integer("quantity"),
    /** The price per cycle for `quantity` as last sent to the provider. */
    amount: integer("amount"),
    couponCode: text("coupon_code"),
    currentPeriodEnd: tz("current_period_end"),
    trialEnd: tz("trial_end"),
    subscribedAt: tz("subscribed_at"),
    cardRef: text("card_ref"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardExpMonth: integer("card_exp_month"),
    cardExpYear: integer("card_exp_year"),
    /** The provider's fingerprint of the card (Stripe only): a referral paid with the referrer's card earns nothing. */
    cardFingerprint: text("card_fingerprint"),
    /** A named list assigned to this account by support (BILL-07), overriding the flags. */
    priceList: text("price_list"),
    /** A subscribe request in flight since then: a second one waits its turn (two tabs must not open two subscriptions). */
    subscribeClaimedAt: tz("subscribe_claimed_at"),
    ...timestamps,
  },
  (t) => [
    index("billing_accounts_customer_idx").on(t.customerRef),
    index("billing_accounts_subscription_idx").on(t.subscriptionRef),
  ],
);

/** Provider webhook events already handled, by event id (IMPL-14: idempotent). */
export const billingWebhookEvents = pgTable("billing_webhook_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: tz("received_at").notNull().defaultNow(),
});

/** Failed subscription attempts reported to support (BILL-31, IMPL-37), and other billing alerts. */
export const subscriptionAlerts = pgTable(
  "subscription_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    errorMessage: text("error_message").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("subscription_alerts_created_idx").on(t.createdAt)],
);

/** Pause-or-cancel requests, worked by support (BILL-43…48, OPEN-28). */
export const cancellationRequests = pgTable(
  "cancellation_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    tel: text("tel").notNull(),
    request: text("request").notNull(),
    reason: text("reason").notNull(),
    message: text("message"),
    status: text("status").notNull().default("received"),
    ...timestamps,
  },
  (t) => [index("cancellation_requests_status_idx").on(t.status, t.createdAt)],
);

/** Trial reminders already sent, once per account, kind and trial end (IMPL-12). */
export const trialNotices = pgTable(
  "trial_notices",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    trialEndsAt: tz("trial_ends_at").notNull(),
    sentAt: tz("sent_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("trial_notices_once").on(t.accountId, t.kind, t.trialEndsAt)],
);

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

/** Every operator action (IMPL-22): who, what, on which target. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt)],
);
