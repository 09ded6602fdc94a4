import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { accounts, users } from "./users.ts";

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
