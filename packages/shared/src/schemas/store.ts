import { z } from "zod";
import { text } from "./text.ts";
import { CURRENCIES } from "../rules/billing.ts";
import { isLanguageCode } from "../languages.ts";
import { isTimeOfDay } from "../rules/zoned-time.ts";
import { copy } from "../copy.ts";

/**
 * The guest store (decision 053): offers a host sells in a stay's guide (early check-in, late check-out,
 * extras) and the orders guests place from their stay link. Amounts are minor units (cents); the server
 * computes every price.
 *
 * Host routes (session users):
 *   GET    /api/store                          → StoreResponse (settings, payout account, offers)
 *   PUT    /api/store/settings                 UpdateStoreSettingsRequest → StoreResponse
 *   POST   /api/store/offers                   OfferRequest → OfferResponse (201)
 *   GET    /api/store/offers/:offerId          → OfferResponse
 *   PUT    /api/store/offers/:offerId          OfferRequest → OfferResponse
 *   DELETE /api/store/offers/:offerId          → 204
 *   PUT    /api/store/offers/:offerId/photo    multipart → OfferResponse
 *   DELETE /api/store/offers/:offerId/photo    → OfferResponse
 *   POST   /api/store/connect                  → ConnectLinkResponse ("Get paid")
 *   GET    /api/orders                         → OrderListResponse (pending first)
 *   POST   /api/orders/:orderId/approve        → OrderResponse
 *   POST   /api/orders/:orderId/decline        DeclineOrderRequest → OrderResponse
 *   POST   /api/orders/:orderId/refund         RefundOrderRequest → OrderResponse
 *   GET    /api/orders/revenue                 → RevenueResponse;  /api/orders/revenue.csv → text/csv
 * Guest routes (the stay link's token is the key):
 *   GET    /api/stay-store/:token              → GuestStoreResponse
 *   POST   /api/stay-store/:token/orders       GuestOrderRequest → GuestOrderResponse (201)
 * Webhook: POST /api/store/webhook/stripe (signed).
 */

export const STORE_CURRENCIES = CURRENCIES;
export const StoreCurrency = z.enum(CURRENCIES);
export type StoreCurrency = z.infer<typeof StoreCurrency>;

export const OFFER_TYPES = ["early-check-in", "late-check-out", "extra"] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const OFFER_PER = ["stay", "night", "guest"] as const;
export type OfferPer = (typeof OFFER_PER)[number];
export const OFFER_CONFIRMATIONS = ["instant", "approve"] as const;
export type OfferConfirmation = (typeof OFFER_CONFIRMATIONS)[number];

/**
 * An order's states (decision 053): `pending` waits for the host (its card authorised, or saved for a
 * deferred authorisation), `confirmed` is paid (captured), the rest are ends. A refund moves a confirmed
 * order to `partially-refunded` or `refunded`.
 */
export const ORDER_STATUSES = [
  "pending",
  "confirmed",
  "declined",
  "expired",
  "failed",
  "cancelled",
  "partially-refunded",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Where the money is: nothing yet, card saved (SetupIntent), authorised, captured, released, refunded. */
export const PAYMENT_STATES = ["saved", "authorised", "captured", "released", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Answer-within choices in hours (the account's setting, default 24). */
export const ANSWER_WITHIN_HOURS = [2, 6, 12, 24, 48] as const;
export const DEFAULT_ANSWER_WITHIN_HOURS = 24;
export const OFFER_MAX_SLOTS = 12;
export const OFFER_MAX_PRICE = 10_000_00;
export const OFFER_MAX_QUANTITY = 50;
export const OFFER_TITLE_MAX = 120;
export const OFFER_DESCRIPTION_MAX = 5000;

const Amount = z.number().int().min(50, copy.store.priceTooLow).max(OFFER_MAX_PRICE);
const Time = text().refine(isTimeOfDay, copy.stays.invalidTime);
const Language = text().refine(isLanguageCode, copy.stays.invalidLanguage);

export const OfferSlot = z.object({ time: Time, amount: Amount });
export type OfferSlot = z.infer<typeof OfferSlot>;

export const OfferText = z.object({
  title: text().trim().min(1, copy.store.titleRequired).max(OFFER_TITLE_MAX),
  /** Rich text, sanitised like guide content. */
  description: text().max(OFFER_DESCRIPTION_MAX).default(""),
});

export const OfferRequest = z
  .object({
    type: z.enum(OFFER_TYPES),
    /** Title and description in each guide language; at least one. */
    texts: z.record(Language, OfferText).refine((t) => Object.keys(t).length > 0, copy.store.titleRequired),
    /** Early check-in / late check-out: the times offered, each with its price. */
    slots: z.array(OfferSlot).max(OFFER_MAX_SLOTS).default([]),
    /** Extra: the price per unit and what a unit is. */
    amount: Amount.nullable().default(null),
    per: z.enum(OFFER_PER).default("stay"),
    maxQuantity: z.number().int().min(1).max(OFFER_MAX_QUANTITY).default(1),
    confirmation: z.enum(OFFER_CONFIRMATIONS),
    /** Properties' web link ids; null = all the account's properties. */
    propertyIds: z.array(text().min(1).max(100)).max(1000).nullable(),
    active: z.boolean(),
  })
  .superRefine((o, issue) => {
    if (o.type === "extra" && o.amount === null)
      issue.addIssue({ code: "custom", path: ["amount"], message: copy.store.priceRequired });
    if (o.type !== "extra" && o.slots.length === 0)
      issue.addIssue({ code: "custom", path: ["slots"], message: copy.store.slotRequired });
    if (new Set(o.slots.map((s) => s.time)).size !== o.slots.length)
      issue.addIssue({ code: "custom", path: ["slots"], message: copy.store.slotTwice });
  });
export type OfferRequest = z.input<typeof OfferRequest>;
export type OfferInput = z.output<typeof OfferRequest>;

export const OfferDto = z.object({
  id: text(),
  type: z.enum(OFFER_TYPES),
  texts: z.record(text(), z.object({ title: text(), description: text() })),
  slots: z.array(z.object({ time: text(), amount: z.number() })),
  amount: z.number().nullable(),
  per: z.enum(OFFER_PER),
  maxQuantity: z.number(),
  confirmation: z.enum(OFFER_CONFIRMATIONS),
  propertyIds: z.array(text()).nullable(),
  photoUrl: text().nullable(),
  active: z.boolean(),
  currency: StoreCurrency,
  createdAt: text(),
});
export type OfferDto = z.infer<typeof OfferDto>;
export const OfferResponse = z.object({ offer: OfferDto });

export const StoreSettingsDto = z.object({
  currency: StoreCurrency,
  answerWithinHours: z.number(),
});
export const UpdateStoreSettingsRequest = z.object({
  currency: StoreCurrency,
  answerWithinHours: z.number().int().min(1).max(168),
});
export type UpdateStoreSettingsRequest = z.infer<typeof UpdateStoreSettingsRequest>;

export const PayoutDto = z.object({
  /** "local": the simulated gateway; "stripe": Stripe Connect. */
  gateway: z.enum(["local", "stripe"]),
  /** A payout account exists and can take charges (always true on the local gateway once connected). */
  connected: z.boolean(),
  /** Orders can be taken: local gateway, or a connected Stripe account. */
  ready: z.boolean(),
});
export const StoreResponse = z.object({
  settings: StoreSettingsDto,
  payout: PayoutDto,
  offers: z.array(OfferDto),
});
export type StoreResponse = z.infer<typeof StoreResponse>;
export const ConnectLinkResponse = z.object({ url: text() });

export const OrderDto = z.object({
  id: text(),
  status: z.enum(ORDER_STATUSES),
  payment: z.enum(PAYMENT_STATES),
  offerId: text(),
  offerType: z.enum(OFFER_TYPES),
  offerTitle: text(),
  slotTime: text().nullable(),
  quantity: z.number(),
  amount: z.number(),
  refundedAmount: z.number(),
  currency: StoreCurrency,
  stayId: text(),
  guestName: text(),
  propertyId: text(),
  propertyTitle: text(),
  checkIn: text(),
  checkOut: text(),
  /** When an unanswered request is declined by itself. */
  deadlineAt: text().nullable(),
  /**
   * A pending early check-in (late check-out): whether the night before check-in (after check-out) is free of
   * other confirmed stays now, so the host can decide; null for anything else.
   */
  adjacentNight: z.enum(["free", "taken"]).nullable(),
  hostNote: text().nullable(),
  createdAt: text(),
});
export type OrderDto = z.infer<typeof OrderDto>;
export const OrderResponse = z.object({ order: OrderDto });
export const OrderListResponse = z.object({ orders: z.array(OrderDto), pendingCount: z.number() });
export type OrderListResponse = z.infer<typeof OrderListResponse>;
export const DeclineOrderRequest = z.object({ note: text().trim().max(1000).optional() });
export const RefundOrderRequest = z.object({
  /** Minor units; absent = the whole amount still refundable. */
  amount: z.number().int().min(1).optional(),
});
export type RefundOrderRequest = z.infer<typeof RefundOrderRequest>;

export const RevenueRow = z.object({
  month: text(),
  offerId: text(),
  offerTitle: text(),
  currency: StoreCurrency,
  orders: z.number(),
  /** Captured less refunded, minor units. */
  amount: z.number(),
});
export const RevenueResponse = z.object({ rows: z.array(RevenueRow) });
export type RevenueResponse = z.infer<typeof RevenueResponse>;

/** The guest's card: raw test numbers on the local gateway, or a Stripe payment method made by Elements. */
export const GuestCard = z.union([
  z.object({
    number: text().min(12).max(23),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int().min(2000).max(2200),
    cvc: text().min(3).max(4),
  }),
  z.object({ paymentMethodId: text().min(3).max(255) }),
]);
export const GuestOrderRequest = z.object({
  offerId: text().min(1).max(100),
  slotTime: Time.optional(),
  quantity: z.number().int().min(1).max(OFFER_MAX_QUANTITY).default(1),
  /** The same key again answers the same order (a repeated submit). */
  idempotencyKey: text().min(8).max(100),
  card: GuestCard,
});
export type GuestOrderRequest = z.input<typeof GuestOrderRequest>;

export const GuestOfferDto = z.object({
  id: text(),
  type: z.enum(OFFER_TYPES),
  title: text(),
  description: text(),
  photoUrl: text().nullable(),
  slots: z.array(z.object({ time: text(), amount: z.number() })),
  amount: z.number().nullable(),
  per: z.enum(OFFER_PER),
  maxQuantity: z.number(),
  /** Units a quantity of 1 is multiplied by (nights, guests). */
  multiplier: z.number(),
  /** Confirmed at once when ordered now (instant, and the calendar allows); else a request to the host. */
  instant: z.boolean(),
});
export const GuestOrderDto = z.object({
  id: text(),
  status: z.enum(ORDER_STATUSES),
  title: text(),
  slotTime: text().nullable(),
  quantity: z.number(),
  amount: z.number(),
  refundedAmount: z.number(),
  deadlineAt: text().nullable(),
  hostNote: text().nullable(),
});
export type GuestOrderDto = z.infer<typeof GuestOrderDto>;
export const GuestStoreResponse = z.object({
  language: text(),
  currency: StoreCurrency,
  hostFirstName: text(),
  /** "local": the card form posts numbers (test mode); "stripe": Elements with this key. */
  gateway: z.enum(["local", "stripe"]),
  stripePublishableKey: text().nullable(),
  offers: z.array(GuestOfferDto),
  orders: z.array(GuestOrderDto),
});
export type GuestStoreResponse = z.infer<typeof GuestStoreResponse>;
export const GuestOrderResponse = z.object({ order: GuestOrderDto });
