import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts, users } from "./users.ts";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The Affiliate record (AFF-04, AUTH-19, AFF-16; decision 019): one per affiliate user, with the tracking label
 * of its partner page and its commission settings (OPEN-24 defaults: 25% for 12 months).
 */
export const affiliates = pgTable(
  "affiliates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    logoUrl: text("logo_url"),
    trackingLabel: text("tracking_label").notNull(),
    commissionCurrency: text("commission_currency").notNull().default("usd"),
    payPalEmail: text("paypal_email"),
    /** "percentage" | "fixed". */
    commissionModel: text("commission_model").notNull().default("percentage"),
    commissionPercentage: integer("commission_percentage").notNull().default(25),
    /** Minor units of commission_currency per paid invoice, for the fixed model. */
    commissionAmount: integer("commission_amount").notNull().default(0),
    commissionMonths: integer("commission_months").notNull().default(12),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("affiliates_user_unique").on(t.userId),
    uniqueIndex("affiliates_tracking_label_unique").on(t.trackingLabel),
  ],
);

/**
 * A customer account attributed to an affiliate at sign-up (AFF-17): one affiliate per account, whatever
 * its properties (AFF-13). `first_paid_at` starts the commission window (AFF-16).
 */
export const affiliateCustomers = pgTable(
  "affiliate_customers",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("affiliate_customers_affiliate_idx").on(t.affiliateId, t.createdAt)],
);

/**
 * What one paid invoice earned (IMPL-19): the invoice's figures, the rate and the commission. Unique per
 * invoice, so a replayed or reordered webhook records nothing twice. Its status lives in `reward_payouts`
 * (programme "affiliate"), the ledger shared with referral rewards (decision 018 §7).
 */
export const affiliateCommissions = pgTable(
  "affiliate_commissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.id, { onDelete: "cascade" }),
    customerAccountId: uuid("customer_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    invoiceRef: text("invoice_ref").notNull(),
    invoicePaidAt: timestamp("invoice_paid_at", { withTimezone: true }).notNull(),
    /** After discounts, minor units of invoice_currency. */
    invoiceAmount: integer("invoice_amount").notNull(),
    invoiceCurrency: text("invoice_currency").notNull(),
    /** The commission in the invoice's currency before conversion. */
    invoiceCommission: integer("invoice_commission").notNull(),
    commissionModel: text("commission_model").notNull(),
    /** Units of the payout currency per unit of the invoice currency, as stored when earned. */
    exchangeRate: text("exchange_rate").notNull(),
    reversedReason: text("reversed_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("affiliate_commissions_invoice_unique").on(t.customerAccountId, t.invoiceRef),
    index("affiliate_commissions_affiliate_idx").on(t.affiliateId),
  ],
);
