import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { properties } from "./properties.ts";
import { stays } from "./stays.ts";
import { accounts } from "./users.ts";

const tz = (name: string) => timestamp(name, { withTimezone: true });

/** An account's store (decision 053): its currency, how long the host has to answer, its payout account. */
export const storeSettings = pgTable("store_settings", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  currency: text("currency", { enum: ["usd", "gbp", "eur", "aud"] }).notNull(),
  answerWithinHours: integer("answer_within_hours").notNull().default(24),
  /** The host's connected payout account (Stripe Connect Express, or the local gateway's simulated one). */
  connectAccountRef: text("connect_account_ref"),
  /** The connected account can take charges (Stripe: charges_enabled). */
  connectReady: boolean("connect_ready").notNull().default(false),
  ...timestamps,
});

/** An offer of the store: early check-in, late check-out or an extra, with its texts per guide language. */
export const storeOffers = pgTable(
  "store_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["early-check-in", "late-check-out", "extra"] }).notNull(),
    texts: jsonb("texts").$type<Record<string, { title: string; description: string }>>().notNull(),
    slots: jsonb("slots").$type<{ time: string; amount: number }[]>().notNull(),
    amount: integer("amount"),
    per: text("per", { enum: ["stay", "night", "guest"] }).notNull(),
    maxQuantity: integer("max_quantity").notNull(),
    confirmation: text("confirmation", { enum: ["instant", "approve"] }).notNull(),
    /** Property row ids; null = every property of the account. */
    propertyIds: uuid("property_ids").array(),
    photoKey: text("photo_key"),
    active: boolean("active").notNull(),
    deletedAt: tz("deleted_at"),
    ...timestamps,
  },
  (t) => [index("store_offers_account_idx").on(t.accountId, t.createdAt)],
);

/** A guest's order from a stay link (decision 053): its state, where the money is, and its deadline. */
export const storeOrders = pgTable(
  "store_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    stayId: uuid("stay_id")
      .notNull()
      .references(() => stays.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id")
      .notNull()
      .references(() => storeOffers.id, { onDelete: "cascade" }),
    offerType: text("offer_type", { enum: ["early-check-in", "late-check-out", "extra"] }).notNull(),
    /** The offer's title in the guest's language when ordered (the offer may change later). */
    title: text("title").notNull(),
    slotTime: text("slot_time"),
    quantity: integer("quantity").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency", { enum: ["usd", "gbp", "eur", "aud"] }).notNull(),
    applicationFee: integer("application_fee").notNull().default(0),
    refundedAmount: integer("refunded_amount").notNull().default(0),
    status: text("status", {
      enum: ["pending", "confirmed", "declined", "expired", "failed", "cancelled", "partially-refunded", "refunded"],
    }).notNull(),
    payment: text("payment", { enum: ["saved", "authorised", "captured", "released", "refunded"] }).notNull(),
    /** The provider's PaymentIntent (authorised or captured), its customer and saved card (deferred). */
    paymentRef: text("payment_ref"),
    customerRef: text("customer_ref"),
    paymentMethodRef: text("payment_method_ref"),
    destinationRef: text("destination_ref"),
    /** Unanswered by then: declined by the `store-order-deadline` job. */
    deadlineAt: tz("deadline_at"),
    /** A saved card is authorised then (6 days before check-in) by the `store-order-authorise` job. */
    authoriseAt: tz("authorise_at"),
    idempotencyKey: text("idempotency_key").notNull(),
    hostNote: text("host_note"),
    decidedAt: tz("decided_at"),
    capturedAt: tz("captured_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("store_orders_stay_key_unique").on(t.stayId, t.idempotencyKey),
    index("store_orders_account_idx").on(t.accountId, t.status, t.createdAt),
    index("store_orders_stay_idx").on(t.stayId, t.createdAt),
    index("store_orders_payment_idx")
      .on(t.paymentRef)
      .where(sql`${t.paymentRef} is not null`),
  ],
);

/** Store webhook events already handled, by event id (idempotent, as billing's). */
export const storeWebhookEvents = pgTable("store_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: tz("received_at").notNull().defaultNow(),
});
