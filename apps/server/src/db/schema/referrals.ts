import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { affiliateCommissions } from "./affiliates.ts";
import { accounts, users } from "./users.ts";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Clicks on a referral link (REF-13, IMPL-18; decision 018): one row per visitor per referrer per UTC day.
 * The visitor is a keyed hash of IP, user agent and day, so no IP is stored and yesterday's hash cannot be
 * matched to today's.
 */
export const referralClicks = pgTable(
  "referral_clicks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerUserId: uuid("referrer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("referral_clicks_visitor_unique").on(t.referrerUserId, t.day, t.visitorHash)],
);

/**
 * A referral reward (REF-16…18, IMPL-17): at most one per referred account, made when that account pays its
 * first invoice. pending → confirmed after 35 paid days (its instalments are then in `reward_payouts`), or
 * cancelled by a refund or a subscription ended first.
 */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerUserId: uuid("referrer_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerAccountId: uuid("referrer_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    referredAccountId: uuid("referred_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** "pending" | "confirmed" | "cancelled". */
    status: text("status").notNull().default("pending"),
    /** The whole reward, minor units, in the referrer's currency when it was made (REF-19). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** The referred subscription's cycle: monthly rewards come in instalments (REF-18). */
    cycle: text("cycle").notNull(),
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }).notNull(),
    confirmableAt: timestamp("confirmable_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** "refund" | "subscription-ended". */
    cancelReason: text("cancel_reason"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("referral_rewards_referred_unique").on(t.referredAccountId),
    index("referral_rewards_referrer_idx").on(t.referrerUserId),
    index("referral_rewards_pending_idx")
      .on(t.confirmableAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * What is owed and paid (decision 018): one row per instalment. `programme` and a nullable source column
 * per programme let affiliate commissions share this ledger later. scheduled → claimable (90 days) → paid
 * (voucher issued) | expired; or cancelled when the friend's subscription ended before it fell due.
 */
export const rewardPayouts = pgTable(
  "reward_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programme: text("programme").notNull().default("referral"),
    beneficiaryAccountId: uuid("beneficiary_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    referralRewardId: uuid("referral_reward_id").references(() => referralRewards.id, { onDelete: "cascade" }),
    /** Programme "affiliate" (decision 019): pending → payable after 35 days → paid | reversed on a refund. */
    affiliateCommissionId: uuid("affiliate_commission_id").references(() => affiliateCommissions.id, {
      onDelete: "cascade",
    }),
    /** The PayPal payouts export an affiliate commission was put in, until it is marked paid. */
    payoutBatch: text("payout_batch"),
    /** 0-based instalment number. */
    sequence: integer("sequence").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("scheduled"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    claimableAt: timestamp("claimable_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voucherCode: text("voucher_code"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("reward_payouts_referral_sequence_unique").on(t.referralRewardId, t.sequence),
    uniqueIndex("reward_payouts_affiliate_sequence_unique").on(t.affiliateCommissionId, t.sequence),
    uniqueIndex("reward_payouts_voucher_unique").on(t.voucherCode),
    index("reward_payouts_due_idx").on(t.status, t.dueAt),
    index("reward_payouts_expiry_idx").on(t.status, t.expiresAt),
  ],
);
